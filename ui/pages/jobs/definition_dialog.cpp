#include "pages/jobs/definition_dialog.h"

#include <algorithm>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include "agent/client_registry.h"
#include "pages/jobs/definition_checks.h"
#include "pages/jobs/jobs_style.h"
#include "widgets/message_line.h"

namespace tl::ui {

namespace {
QString joined(const std::vector<std::string>& v, const QString& sep) {
    QStringList l;
    for (const auto& s : v)
        l << QString::fromStdString(s);
    return l.join(sep);
}

std::vector<std::string> split(const QString& text, QChar sep) {
    std::vector<std::string> out;
    for (const auto& part : text.split(sep, Qt::SkipEmptyParts))
        if (!part.trimmed().isEmpty()) out.push_back(part.trimmed().toStdString());
    return out;
}
} // namespace

schedule::JobDefinition DefinitionDialog::defaults(const QStringList& pools) {
    QSettings s;
    schedule::JobDefinition d;
    const QString fallback = pools.contains(QStringLiteral("Default")) || pools.isEmpty()
                                 ? QStringLiteral("Default")
                                 : pools.front();
    d.pool = s.value(QStringLiteral("defaults/pool"), fallback).toString().toStdString();
    d.drives = static_cast<std::size_t>(s.value(QStringLiteral("defaults/drives"), 2).toInt());
    d.sessions_per_drive =
        static_cast<std::size_t>(s.value(QStringLiteral("defaults/sessionsPerDrive"), 4).toInt());
    d.block_size = static_cast<std::size_t>(
        s.value(QStringLiteral("defaults/blockSizeKiB"), 256).toInt() * 1024);
    d.compression =
        s.value(QStringLiteral("defaults/compression"), QString::fromStdString(d.compression))
            .toString()
            .toStdString();
    return d;
}

DefinitionDialog::DefinitionDialog(const schedule::JobDefinition& start, QStringList taken,
                                   bool editing, QWidget* parent)
    : QDialog(parent), base_(start), taken_(std::move(taken)), name_(new QLineEdit(this)),
      sources_(new QPlainTextEdit(this)), include_(new QLineEdit(this)),
      exclude_(new QLineEdit(this)), pool_(new QComboBox(this)), drives_(new QSpinBox(this)),
      sessions_(new QSpinBox(this)), blockKiB_(new QSpinBox(this)),
      compression_(new QComboBox(this)), priority_(new QSpinBox(this)),
      retries_(new QSpinBox(this)), pre_(new QLineEdit(this)), post_(new QLineEdit(this)),
      notify_(new QLineEdit(this)), nameError_(new MessageLine(1, this)),
      sourcesError_(new MessageLine(1, this)), poolError_(new MessageLine(1, this)),
      drivesError_(new MessageLine(1, this)), sessionsError_(new MessageLine(1, this)),
      blockError_(new MessageLine(1, this)), compressionError_(new MessageLine(1, this)),
      summary_(new MessageLine(2, this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setWindowTitle(editing ? tr("Edit job definition %1").arg(QString::fromStdString(start.name))
                           : tr("New job definition"));
    name_->setText(QString::fromStdString(start.name));
    name_->setReadOnly(editing);
    client_ = new QComboBox(this);
    client_->addItem(tr("The service's machine"), QString());
    client_->setToolTip(tr("Whose files: the service's machine, or a client whose agent reads "
                           "them (the sources are then paths on that client)"));
    showSources(start.sources);
    sources_->setPlaceholderText(tr("/srv/data\nsqlite:/var/lib/app/app.db\ncmd:'pg_dump db'"));
    sources_->setTabChangesFocus(true);
    sources_->setFixedHeight(fontMetrics().lineSpacing() * 4 + 12);
    include_->setText(joined(start.include, QStringLiteral("; ")));
    exclude_->setText(joined(start.exclude, QStringLiteral("; ")));
    include_->setPlaceholderText(tr("patterns separated by ';' (empty: everything)"));
    exclude_->setPlaceholderText(tr("e.g. *.tmp; cache/"));
    pool_->setEditable(true);
    pool_->setCurrentText(QString::fromStdString(start.pool));
    drives_->setRange(0, 1024);
    drives_->setValue(static_cast<int>(start.drives));
    sessions_->setRange(0, 64);
    sessions_->setValue(static_cast<int>(start.sessions_per_drive));
    blockKiB_->setRange(1, 8192);
    blockKiB_->setSuffix(tr(" KiB"));
    blockKiB_->setValue(static_cast<int>(start.block_size / 1024));
    compression_->setEditable(true);
    compression_->addItems({QStringLiteral("none"), QStringLiteral("lz4"), QStringLiteral("zstd"),
                            QStringLiteral("gzip")});
    compression_->setCurrentText(QString::fromStdString(start.compression));
    priority_->setRange(0, 100);
    priority_->setValue(start.priority);
    retries_->setRange(0, 100);
    retries_->setValue(start.retries);
    pre_->setText(QString::fromStdString(start.pre_command));
    post_->setText(QString::fromStdString(start.post_command));
    notify_->setText(QString::fromStdString(start.notify_command));

    const std::pair<QWidget*, QString> names[] = {{name_, tr("Name")},
                                                  {client_, tr("Client")},
                                                  {sources_, tr("Sources, one per line")},
                                                  {include_, tr("Include patterns")},
                                                  {exclude_, tr("Exclude patterns")},
                                                  {pool_, tr("Pool")},
                                                  {drives_, tr("Drives")},
                                                  {sessions_, tr("Sessions per drive")},
                                                  {blockKiB_, tr("Block size")},
                                                  {compression_, tr("Compression")},
                                                  {priority_, tr("Priority")},
                                                  {retries_, tr("Retries")},
                                                  {pre_, tr("Pre-command")},
                                                  {post_, tr("Post-command")},
                                                  {notify_, tr("Notification command")}};
    for (const auto& [w, n] : names)
        w->setAccessibleName(n);
    for (auto* e : {nameError_, sourcesError_, poolError_, drivesError_, sessionsError_,
                    blockError_, compressionError_, summary_})
        styleAsError(e); // always in the layout: a message never moves the fields

    auto* form = new QFormLayout;
    auto row = [&](const QString& label, QWidget* field, QLabel* error = nullptr) {
        form->addRow(label, field);
        if (error) form->addRow(QString(), error);
    };
    row(tr("&Name:"), name_, nameError_);
    row(tr("C&lient:"), client_);
    row(tr("&Sources:"), sources_, sourcesError_);
    row(tr("&Include:"), include_);
    row(tr("E&xclude:"), exclude_);
    row(tr("&Pool:"), pool_, poolError_);
    row(tr("&Drives:"), drives_, drivesError_);
    row(tr("S&essions per drive:"), sessions_, sessionsError_);
    row(tr("&Block size:"), blockKiB_, blockError_);
    row(tr("&Compression:"), compression_, compressionError_);
    row(tr("P&riority:"), priority_);
    row(tr("Re&tries:"), retries_);
    row(tr("Pre-co&mmand:"), pre_);
    row(tr("P&ost-command:"), post_);
    row(tr("No&tification command:"), notify_);
    auto* box = new QVBoxLayout(this);
    box->addLayout(form);
    box->addWidget(summary_);
    box->addWidget(buttons_);

    connect(buttons_, &QDialogButtonBox::accepted, this, &DefinitionDialog::save);
    connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (auto* e : {name_, include_, exclude_, pre_, post_, notify_})
        connect(e, &QLineEdit::textChanged, this, &DefinitionDialog::validate);
    connect(sources_, &QPlainTextEdit::textChanged, this, &DefinitionDialog::validate);
    connect(client_, &QComboBox::currentIndexChanged, this, &DefinitionDialog::validate);
    for (auto* c : {pool_, compression_})
        connect(c, &QComboBox::currentTextChanged, this, &DefinitionDialog::validate);
    for (auto* s : {drives_, sessions_, blockKiB_, priority_, retries_})
        connect(s, &QSpinBox::valueChanged, this, &DefinitionDialog::validate);
    validate();
}

void DefinitionDialog::setChoices(const Result<DefinitionChoices>& choices) {
    choicesKnown_ = static_cast<bool>(choices);
    choicesError_ = choices ? QString() : QString::fromStdString(choices.error().message);
    if (choices) {
        pools_ = choices->pools;
        const QString current = pool_->currentText();
        pool_->clear();
        pool_->addItems(pools_);
        pool_->setCurrentText(current);
        const QString chosen = client();
        while (client_->count() > 1)
            client_->removeItem(1);
        for (const auto& c : choices->clients)
            client_->addItem(tr("Client %1").arg(c), c);
        if (!chosen.isEmpty() && client_->findData(chosen) < 0)
            client_->addItem(tr("Client %1").arg(chosen),
                             chosen); // removed since: the service says
        client_->setCurrentIndex(std::max(0, client_->findData(chosen)));
        libraryDrives_ = -1; // an unknown library: the service refuses it when storing
        const auto& libs = choices->libraries;
        for (const auto& l : libs)
            if (l.name == base_.library || (base_.library.empty() && &l == &libs.front()))
                libraryDrives_ = static_cast<int>(l.drives);
    }
    validate();
}

QPushButton* DefinitionDialog::okButton() const {
    return buttons_->button(QDialogButtonBox::Ok);
}

schedule::JobDefinition DefinitionDialog::definition() const {
    auto d = base_;
    d.name = name_->text().trimmed().toStdString();
    d.sources = split(sources_->toPlainText(), QLatin1Char('\n'));
    if (const std::string c = client().toStdString(); !c.empty())
        for (auto& s : d.sources)
            if (!agent::split_client_source(s)) s = agent::client_source(c, s);
    d.include = split(include_->text(), QLatin1Char(';'));
    d.exclude = split(exclude_->text(), QLatin1Char(';'));
    d.pool = pool_->currentText().trimmed().toStdString();
    d.drives = static_cast<std::size_t>(drives_->value());
    d.sessions_per_drive = static_cast<std::size_t>(sessions_->value());
    d.block_size = static_cast<std::size_t>(blockKiB_->value()) * 1024;
    d.compression = compression_->currentText().trimmed().toStdString();
    d.priority = priority_->value();
    d.retries = retries_->value();
    d.pre_command = pre_->text().trimmed().toStdString();
    d.post_command = post_->text().trimmed().toStdString();
    d.notify_command = notify_->text().trimmed().toStdString();
    return d;
}

void DefinitionDialog::save() {
    if (!isValid() || saving_) return;
    if (!saver_) {
        accept();
        return;
    }
    QString whyNot;
    if (!saver_(definition(), &whyNot)) {
        summary_->setMessage(whyNot);
        return;
    }
    saving_ = true;
    okButton()->setEnabled(false);
    summary_->setMessage({});
}

void DefinitionDialog::saveFinished(const QString& error) {
    saving_ = false;
    if (error.isEmpty()) {
        accept();
        return;
    }
    validate();
    summary_->setMessage(tr("Not saved: %1").arg(error));
}

bool DefinitionDialog::isValid() const {
    return reason().isEmpty();
}

QString DefinitionDialog::reason() const {
    auto p = DefinitionChecks::check(definition(), taken_, pools_, libraryDrives_,
                                     serviceHost_.isEmpty());
    if (!choicesKnown_) p.pool.clear(); // not known yet: the summary says what it waits for
    if (const QString first = p.first(); !first.isEmpty()) return first;
    if (!choicesError_.isEmpty())
        return tr("Cannot read the service's pools: %1").arg(choicesError_);
    if (!choicesKnown_) return tr("Reading the service's pools and libraries…");
    return {};
}

// Sources that are all one client's show as that client's paths under Client; others as typed.
void DefinitionDialog::showSources(const std::vector<std::string>& sources) {
    QString common;
    QStringList paths;
    for (const auto& s : sources) {
        auto c = agent::split_client_source(s);
        const QString name = c ? QString::fromStdString(c->first) : QString();
        if (!c || (!common.isEmpty() && name != common)) {
            common.clear();
            break;
        }
        common = name;
        paths << QString::fromStdString(c->second);
    }
    if (common.isEmpty()) {
        sources_->setPlainText(joined(sources, QStringLiteral("\n")));
        return;
    }
    client_->addItem(tr("Client %1").arg(common), common);
    client_->setCurrentIndex(client_->count() - 1);
    sources_->setPlainText(paths.join(QLatin1Char('\n')));
}

QString DefinitionDialog::client() const {
    return client_->currentData().toString();
}

void DefinitionDialog::setServiceHost(const QString& host) {
    serviceHost_ = host;
    if (!host.isEmpty()) client_->setItemText(0, tr("The service's machine (%1)").arg(host));
    validate();
}

void DefinitionDialog::validate() {
    auto p = DefinitionChecks::check(definition(), taken_, pools_, libraryDrives_,
                                     serviceHost_.isEmpty());
    if (!choicesKnown_) p.pool.clear();
    const std::pair<MessageLine*, const QString*> fields[] = {{nameError_, &p.name},
                                                              {sourcesError_, &p.sources},
                                                              {poolError_, &p.pool},
                                                              {drivesError_, &p.drives},
                                                              {sessionsError_, &p.sessions},
                                                              {blockError_, &p.blockSize},
                                                              {compressionError_, &p.compression}};
    for (const auto& [label, text] : fields)
        label->setMessage(*text);
    const QString first = reason();
    summary_->setMessage(first.isEmpty() ? QString() : tr("Cannot save: %1").arg(first));
    okButton()->setEnabled(first.isEmpty() && !saving_);
    okButton()->setToolTip(first);
}

} // namespace tl::ui
