#pragma once
// "Add device" of the Devices page: the type (virtual, st or null drive; virtual or mtx
// library), a name and what that type needs (device paths, capacity, library size). What is
// wrong is shown under the fields while typing and OK stays disabled until it is right
// (deviceSpecProblem). The dialog only describes; the page adds. GUI thread only.
#include <QDialog>
#include <QStringList>

#include "pages/devices/device_spec.h"

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace tl::ui {

class DeviceAddDialog final : public QDialog {
    Q_OBJECT
public:
    // `taken`: the names configured already.
    explicit DeviceAddDialog(const QStringList& taken, QWidget* parent = nullptr);

    DeviceSpec spec() const;
    void setKind(DeviceSpec::Kind kind);
    // The problem shown now ("" when OK is enabled).
    QString problem() const;

    QComboBox* kind() const { return kind_; }
    QLineEdit* name() const { return name_; }
    QLineEdit* device() const { return device_; }
    QLineEdit* driveDevices() const { return drives_; }

private:
    void update();

    QStringList taken_;
    QComboBox* kind_;
    QLineEdit* name_;
    QLineEdit* device_;
    QLineEdit* drives_;
    QDoubleSpinBox* capacity_;
    QSpinBox* driveCount_;
    QSpinBox* slots_;
    QSpinBox* mail_;
    QFormLayout* form_;
    QLabel* problem_;
    QDialogButtonBox* buttons_;
};

} // namespace tl::ui
