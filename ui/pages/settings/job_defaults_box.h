#pragma once
// The "Defaults for new jobs" part of the Settings page: drives, sessions per drive, pool,
// level, block size and compression that the Back up now dialog and the Jobs page start from.
// Every change is checked (the compression with the engine's own parser) and stored at once in
// QSettings under "defaults/…"; a refused value is named in `problem()` and not stored.
// GUI thread only.
#include <QGroupBox>
#include <QStringList>

class QComboBox;
class QSpinBox;

namespace tl::ui {

class JobDefaultsBox final : public QGroupBox {
    Q_OBJECT
public:
    explicit JobDefaultsBox(QWidget* parent = nullptr);

    // The pools to offer (from the catalog); keeps the stored choice when it is among them.
    void setPools(const QStringList& pools);
    // Reads the stored values into the controls.
    void load();

    QSpinBox* drives() const { return drives_; }
    QSpinBox* sessionsPerDrive() const { return sessions_; }
    QComboBox* pool() const { return pool_; }
    QComboBox* level() const { return level_; }
    QSpinBox* blockSizeKiB() const { return blockSize_; }
    QComboBox* compression() const { return compression_; }

    // Stores the compression typed in the field: false (with `problem`) when the engine would
    // refuse it.
    bool applyCompression(QString* problem = nullptr);

Q_SIGNALS:
    // A value was stored (empty `problem`) or refused.
    void applied(const QString& problem);

private:
    void store(const QString& key, const QVariant& value);

    QSpinBox* drives_;
    QSpinBox* sessions_;
    QComboBox* pool_;
    QComboBox* level_;
    QSpinBox* blockSize_;
    QComboBox* compression_;
};

} // namespace tl::ui
