#pragma once
// Create or edit a job definition. Every field is checked as it changes (DefinitionChecks):
// the reason appears next to the field and OK stays disabled with the first reason shown
// above the buttons. The dialog does not store anything: the page saves definition() through
// the service's typed door (as `tapeloom-cli job define|edit`). Fields the dialog does not
// show (read buffer, retention, missed-run policy…) keep the value of the definition given.
// The pools and the library's drive count it checks against are the service's, read by the
// page through the typed door and given with setChoices(); until then OK waits for them, and
// when they cannot be read the dialog says why. GUI thread only.
#include <QDialog>
#include <QStringList>
#include <functional>

#include "common/result.h"
#include "pages/jobs/served_definitions.h"
#include "schedule/job_definition.h"

class QComboBox;
class QDialogButtonBox;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace tl::ui {

class MessageLine;

class DefinitionDialog final : public QDialog {
    Q_OBJECT
public:
    // `taken`: the names of the other definitions. `editing`: the name cannot change.
    DefinitionDialog(const schedule::JobDefinition& start, QStringList taken, bool editing,
                     QWidget* parent = nullptr);

    // A new definition with the console's defaults (QSettings "defaults/…").
    static schedule::JobDefinition defaults(const QStringList& pools);
    // The service's pools, libraries and clients (or why they could not be read): the pool field
    // offers the pools, the drives are checked against the definition's library, Client offers
    // the clients (their sources are stored as client:NAME:/path).
    void setChoices(const Result<DefinitionChoices>& choices);
    // The service runs on `host` (a remote console), "" when on this machine: its sources are
    // then checked as absolute paths here and for existence by the service when it stores them.
    void setServiceHost(const QString& host);
    // The client whose files the definition backs up ("" = the service's machine).
    QString client() const;
    QComboBox* clientField() const { return client_; }

    schedule::JobDefinition definition() const;
    bool isValid() const;
    QString reason() const; // why OK is disabled; empty when valid

    QLineEdit* nameField() const { return name_; }
    QPlainTextEdit* sourcesField() const { return sources_; }
    QLineEdit* includeField() const { return include_; }
    QLineEdit* excludeField() const { return exclude_; }
    QComboBox* poolField() const { return pool_; }
    QSpinBox* drivesField() const { return drives_; }
    QSpinBox* sessionsField() const { return sessions_; }
    QPushButton* okButton() const;
    MessageLine* sourcesError() const { return sourcesError_; }

    // Who stores the definition on OK: returns false with the reason when it cannot start (the
    // dialog stays open and shows it); otherwise the dialog waits for saveFinished().
    void setSaver(std::function<bool(const schedule::JobDefinition&, QString* whyNot)> saver) {
        saver_ = std::move(saver);
    }
    // The store's answer: empty = saved (the dialog closes), otherwise shown in the dialog.
    void saveFinished(const QString& error);

private:
    void validate();
    void save();
    void showSources(const std::vector<std::string>& sources);

    schedule::JobDefinition base_;
    QStringList taken_, pools_;
    int libraryDrives_ = -1;
    bool choicesKnown_ = false;
    QString choicesError_; // why the service's pools could not be read
    QLineEdit* name_;
    QComboBox* client_;
    QString serviceHost_;
    QPlainTextEdit* sources_;
    QLineEdit* include_;
    QLineEdit* exclude_;
    QComboBox* pool_;
    QSpinBox* drives_;
    QSpinBox* sessions_;
    QSpinBox* blockKiB_;
    QComboBox* compression_;
    QSpinBox* priority_;
    QSpinBox* retries_;
    QLineEdit* pre_;
    QLineEdit* post_;
    QLineEdit* notify_;
    MessageLine *nameError_, *sourcesError_, *poolError_, *drivesError_, *sessionsError_,
        *blockError_, *compressionError_;
    MessageLine* summary_;
    QDialogButtonBox* buttons_;
    std::function<bool(const schedule::JobDefinition&, QString*)> saver_;
    bool saving_ = false;
};

} // namespace tl::ui
