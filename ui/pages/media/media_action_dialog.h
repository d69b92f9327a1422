#pragma once
// The small question before a volume action that needs input: a pool to label into, a barcode
// pattern for bulk labeling, a location, or the "force" tick of a relabel/recycle (its text
// says that the volume's catalog entries are purged). Only the parts asked for are shown.
// GUI thread only.
#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QFormLayout;
class QComboBox;
class QLineEdit;
class QLabel;

namespace tl::ui {

class MediaActionDialog final : public QDialog {
    Q_OBJECT
public:
    explicit MediaActionDialog(const QString& title, const QString& explanation,
                               QWidget* parent = nullptr);

    void askPool(const QStringList& pools, const QString& current);
    void askText(const QString& label, const QString& placeholder, bool required);
    void askForce(const QString& text);

    QString pool() const;
    QString text() const;
    bool force() const;

private:
    void addRow(const QString& label, QWidget* field);
    void validate();

    QLabel* explanation_;
    QComboBox* pool_ = nullptr;
    QLineEdit* text_ = nullptr;
    QCheckBox* force_ = nullptr;
    bool textRequired_ = false;
    QFormLayout* form_;
    QDialogButtonBox* buttons_;
};

} // namespace tl::ui
