#pragma once
// Where a restore writes and what it does with files already there: the original location or
// another folder (chosen with a folder dialog; the files go to FOLDER/original/absolute/path, as
// `restore --to`), and the policy for existing files (skip, overwrite, keep-newer, rename).
// GUI thread only.
#include <QWidget>

#include "job/restore_writer.h"

class QComboBox;
class QLineEdit;
class QPushButton;
class QRadioButton;

namespace tl::ui {

class RestoreTargetPanel final : public QWidget {
    Q_OBJECT
public:
    explicit RestoreTargetPanel(QWidget* parent = nullptr);

    // "" = the original location.
    QString target() const;
    bool anotherFolder() const;            // "another folder" is chosen (its field may be empty)
    void setTarget(const QString& folder); // "" = the original location
    job::ExistingPolicy policy() const;
    void setPolicy(job::ExistingPolicy policy);

private:
    QRadioButton* original_;
    QRadioButton* other_;
    QLineEdit* folder_;
    QPushButton* browse_;
    QComboBox* policy_;
};

} // namespace tl::ui
