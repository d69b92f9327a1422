#include "dialogs/backup_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <memory>

#include "agent/client_registry.h"
#include "bridge/engine_task.h"

namespace tl::ui {

BackupDialog::BackupDialog(int drives, const QStringList& pools, QWidget* parent)
    : QDialog(parent), sources_(new QListWidget(this)), sourceEdit_(new QLineEdit(this)),
      drives_(new QSpinBox(this)), sessions_(new QSpinBox(this)), level_(new QComboBox(this)),
      pool_(new QComboBox(this)), compression_(new QComboBox(this)), client_(new QComboBox(this)),
      browse_(new QPushButton(tr("&Folder…"), this)), problem_(new QLabel(this)),
      name_(new QLineEdit(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(tr("Back up now"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    sources_->setAccessibleName(tr("Sources"));
    sources_->setMinimumHeight(120);
    auto* sourceRow = new QHBoxLayout;
    sourceEdit_->setPlaceholderText(
        tr("/path, raw:/dev/sdb, cmd:pg_dump db, sqlite:/var/db.sqlite"));
    sourceEdit_->setAccessibleName(tr("Source to add"));
    auto* add = new QPushButton(tr("&Add"), this);
    auto* remove = new QPushButton(tr("&Remove"), this);
    sourceRow->addWidget(sourceEdit_, 1);
    sourceRow->addWidget(add);
    sourceRow->addWidget(browse_);
    sourceRow->addWidget(remove);
    client_->addItem(tr("This machine"), QString());
    client_->setAccessibleName(tr("Client to back up"));
    client_->setToolTip(tr("A client's sources are absolute paths on it, read by its "
                           "tapeloom-agent"));
    form->addRow(tr("C&lient:"), client_);
    form->addRow(tr("Sources:"), sources_);
    form->addRow(QString(), sourceRow);
    problem_->setWordWrap(true);
    problem_->setAccessibleName(tr("Problem"));
    form->addRow(QString(), problem_);
    level_->addItem(tr("Full: every file"), QStringLiteral("full"));
    level_->addItem(tr("Differential: changes since the last full"), QStringLiteral("diff"));
    level_->addItem(tr("Incremental: changes since the last backup"), QStringLiteral("incr"));
    level_->setAccessibleName(tr("Backup level"));
    level_->setToolTip(tr("Without a full backup of a source under this name, a differential or "
                          "incremental runs as a full and says so."));
    form->addRow(tr("&Level:"), level_);
    drives_->setRange(0, std::max(1, drives));
    drives_->setSpecialValueText(tr("as many as useful"));
    drives_->setValue(0);
    form->addRow(tr("&Drives:"), drives_);
    sessions_->setRange(1, 32);
    sessions_->setValue(4);
    form->addRow(tr("&Sessions per drive:"), sessions_);
    setPools(pools);
    pool_->setAccessibleName(tr("Pool to write to"));
    form->addRow(tr("&Pool:"), pool_);
    compression_->addItems({QStringLiteral("none"), QStringLiteral("lz4"), QStringLiteral("zstd"),
                            QStringLiteral("gzip")});
    form->addRow(tr("&Compression:"), compression_);
    name_->setPlaceholderText(tr("optional, shown in the job history"));
    form->addRow(tr("&Name:"), name_);
    layout->addLayout(form);
    layout->addWidget(buttons_);
    buttons_->button(QDialogButtonBox::Ok)->setText(tr("Start backup"));

    connectSourceButtons(add, remove);
    connect(client_, &QComboBox::currentIndexChanged, this, &BackupDialog::clientChanged);
    connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    updateOk();
}

void BackupDialog::connectSourceButtons(QPushButton* add, QPushButton* remove) {
    connect(add, &QPushButton::clicked, this, [this] {
        addSource(sourceEdit_->text().trimmed());
        sourceEdit_->clear();
    });
    // Enter in the source field adds it (eventFilter), it never starts the backup.
    sourceEdit_->installEventFilter(this);
    add->setAutoDefault(false);
    connect(browse_, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder to back up"));
        if (!dir.isEmpty()) addSource(dir);
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        delete sources_->currentItem();
        updateOk();
    });
}

bool BackupDialog::eventFilter(QObject* watched, QEvent* event) {
    if (watched == sourceEdit_ && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            addSource(sourceEdit_->text().trimmed());
            sourceEdit_->clear();
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void BackupDialog::setPools(const QStringList& pools) {
    const QString chosen = pool_->currentText();
    pool_->clear();
    pool_->addItems(pools.isEmpty() ? QStringList{QStringLiteral("Default")} : pools);
    const int keep = pool_->findText(chosen.isEmpty() ? QStringLiteral("Default") : chosen);
    const int i = keep >= 0 ? keep : pool_->findText(QStringLiteral("Default"));
    if (i >= 0) pool_->setCurrentIndex(i);
}

namespace {
struct Choices {
    QStringList pools, clients;
    int drives = 1; // the service's drives: the drive choice's upper bound
};
} // namespace

void BackupDialog::readChoices(const DoorAddress& door) {
    if (door.isRemote()) {
        // The sources are the remote service's paths: typed, never browsed on this machine.
        serviceHost_ = remoteHost(door);
        client_->setItemText(0, tr("The service's machine (%1)").arg(serviceHost_));
        browse_->setToolTip(tr("Sources are paths on the service's machine (%1): type them. "
                               "Folder… shows this machine's folders only.")
                                .arg(serviceHost_));
        clientChanged();
    }
    reading_ = true;
    runBackgroundRead(nullptr, this, [door, this]() -> GuiContinuation {
        auto read = std::make_shared<Result<Choices>>(
            readService<Choices>(door, "Back up now: the drives, pools and clients",
                                 [](client::Api& api) -> Result<Choices> {
                                     Choices c;
                                     auto status = api.status();
                                     if (!status) return status.error();
                                     c.drives = static_cast<int>(status->drives);
                                     auto pools = api.pools();
                                     if (!pools) return pools.error();
                                     for (const auto& p : pools.value())
                                         c.pools << QString::fromStdString(p.name);
                                     auto clients = api.clients();
                                     if (!clients) return clients.error();
                                     for (const auto& a : clients.value())
                                         c.clients << QString::fromStdString(a.name);
                                     return c;
                                 }));
        return [this, read] {
            reading_ = false;
            if (*read) {
                drives_->setRange(0, std::max(1, read->value().drives));
                setPools(read->value().pools);
                setClients(read->value().clients);
            } else {
                problem_->setText(tr("The drives, pools and clients could not be read: %1")
                                      .arg(QString::fromStdString(read->error().message)));
            }
            Q_EMIT choicesRead();
        };
    });
}

void BackupDialog::setClients(const QStringList& clients) {
    while (client_->count() > 1)
        client_->removeItem(1);
    for (const auto& c : clients)
        client_->addItem(c, c);
}

void BackupDialog::clientChanged() {
    const QString client = client_->currentData().toString();
    browse_->setEnabled(client.isEmpty() && serviceHost_.isEmpty());
    const QString machine = client.isEmpty() ? serviceHost_ : client;
    sourceEdit_->setPlaceholderText(
        machine.isEmpty() ? tr("/path, raw:/dev/sdb, cmd:pg_dump db, sqlite:/var/db.sqlite")
                          : tr("/path on %1").arg(machine));
}

QString BackupDialog::problem() const {
    return problem_->text();
}

void BackupDialog::addSource(const QString& typed) {
    const QString client = client_->currentData().toString();
    problem_->clear();
    if (!client.isEmpty() && !typed.isEmpty() && !typed.startsWith(QLatin1Char('/'))) {
        problem_->setText(tr("%1 is not an absolute path on %2: a client's sources are its "
                             "folders, e.g. /srv.")
                              .arg(typed, client));
        return;
    }
    const QString source = client.isEmpty() || typed.isEmpty()
                               ? typed
                               : QString::fromStdString(agent::client_source(client.toStdString(),
                                                                             typed.toStdString()));
    if (source.isEmpty() || !sources_->findItems(source, Qt::MatchExactly).isEmpty()) return;
    sources_->addItem(source);
    updateOk();
}

void BackupDialog::updateOk() {
    buttons_->button(QDialogButtonBox::Ok)->setEnabled(sources_->count() > 0);
}

job::BackupOptions BackupDialog::options() const {
    job::BackupOptions o;
    for (int i = 0; i < sources_->count(); ++i)
        o.sources.push_back(sources_->item(i)->text().toStdString());
    o.drives = static_cast<std::size_t>(drives_->value());
    o.sessions_per_drive = static_cast<std::size_t>(sessions_->value());
    o.pool = pool_->currentText().toStdString();
    o.level = level_->currentData().toString().toStdString();
    o.compression = compression_->currentText().toStdString();
    o.name = name_->text().trimmed().toStdString();
    return o;
}

} // namespace tl::ui
