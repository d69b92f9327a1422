#include "pages/library/library_page.h"

#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "common/log.h"
#include "pages/library/difference_model.h"
#include "pages/library/library_view.h"
#include "widgets/layout_settings.h"
#include "widgets/message_line.h"
#include "widgets/table_columns.h"

namespace tl::ui {

namespace {
QString kDifferencesHeaderKey() {
    return layoutKey(QStringLiteral("library/differencesHeader"));
}
QString kColorKey() {
    return layoutKey(QStringLiteral("library/colorBy"));
}
QString kLibraryKey() {
    return layoutKey(QStringLiteral("library/name"));
}
} // namespace

LibraryPage::LibraryPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), board_(board), door_(ctx.door) {
    confirm_ = [this](const QString& q) {
        return QMessageBox::question(this, tr("Library"), q) == QMessageBox::Yes;
    };
    askSite_ = [this](const QString& barcode) {
        bool ok = false;
        const QString site = QInputDialog::getText(
            this, tr("Mark off-site"), tr("Where does %1 go (vault, off-site name)?").arg(barcode),
            QLineEdit::Normal, QString(), &ok);
        return ok ? site.trimmed() : QString();
    };
    library_ = QSettings().value(kLibraryKey()).toString();
    build();
    timer_ = new QTimer(this);
    timer_->setInterval(2000);
    // A real robot (mtx) is asked on show, on Refresh and after each action, not every 2 s:
    // `mtx status` occupies the changer for seconds.
    connect(timer_, &QTimer::timeout, this, [this] {
        if (snap_.kind != "mtx") refresh();
    });
}

LibraryPage::~LibraryPage() {
    QSettings().setValue(kDifferencesHeaderKey(), table_->horizontalHeader()->saveState());
}

void LibraryPage::setConfirm(std::function<bool(const QString&)> confirm) {
    confirm_ = std::move(confirm);
}

void LibraryPage::setAskSite(std::function<QString(const QString&)> ask) {
    askSite_ = std::move(ask);
}

void LibraryPage::build() {
    auto* bar = buildToolbar();
    auto* statusRow = buildStatusRow();
    view_ = new LibraryView(this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(view_);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto* lower = buildDifferences();

    split_ = new QSplitter(Qt::Vertical, this);
    split_->addWidget(scroll);
    split_->addWidget(lower);
    // The drawing takes the room the page gains; the differences table keeps what the fit gave.
    split_->setStretchFactor(0, 1);
    split_->setStretchFactor(1, 0);
    // Fitted again whenever the splitter gets its real height: a page shown for the first time
    // lays out after its first snapshot, which found the splitter at a stale height.
    split_->installEventFilter(this);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addLayout(statusRow);
    layout->addWidget(split_, 1);

    addShortcuts();
    connectSignals();
}

QHBoxLayout* LibraryPage::buildToolbar() {
    libraries_ = new QComboBox(this);
    libraries_->setAccessibleName(tr("Library"));
    libraries_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    colorBy_ = new QComboBox(this);
    colorBy_->setAccessibleName(tr("Color cartridges by"));
    colorBy_->addItem(tr("Volume state"), int(ColorBy::State));
    colorBy_->addItem(tr("Pool"), int(ColorBy::Pool));
    colorBy_->setCurrentIndex(QSettings().value(kColorKey(), 0).toInt() == 1 ? 1 : 0);
    auto* refreshBtn = new QPushButton(tr("&Refresh"), this);
    refreshBtn->setAccessibleName(tr("Refresh the library"));
    inventory_ = new QPushButton(tr("&Inventory"), this);
    inventory_->setAccessibleName(tr("Compare the changer's inventory with the catalog"));
    inventory_->setToolTip(tr("Reads the changer and lists where it and the catalog disagree; "
                              "nothing is changed (Ctrl+I)"));
    reconcile_ = new QPushButton(tr("Re&concile catalog"), this);
    reconcile_->setAccessibleName(tr("Record the changer's inventory in the catalog"));
    reconcile_->setToolTip(tr("Runs the inventory and updates the catalog's locations to what "
                              "the changer reports (Ctrl+Shift+I)"));

    auto* bar = new QHBoxLayout;
    auto* libLabel = new QLabel(tr("&Library:"), this);
    libLabel->setBuddy(libraries_);
    auto* colorLabel = new QLabel(tr("C&olor by:"), this);
    colorLabel->setBuddy(colorBy_);
    bar->addWidget(libLabel);
    bar->addWidget(libraries_);
    bar->addSpacing(12);
    bar->addWidget(colorLabel);
    bar->addWidget(colorBy_);
    bar->addStretch(1);
    bar->addWidget(refreshBtn);
    bar->addWidget(inventory_);
    bar->addWidget(reconcile_);

    connect(refreshBtn, &QPushButton::clicked, this, &LibraryPage::refresh);
    return bar;
}

QHBoxLayout* LibraryPage::buildStatusRow() {
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 0);
    progress_->setMaximumWidth(120);
    progress_->setAccessibleName(tr("Move in progress"));
    progress_->hide();
    status_ = new MessageLine(2, this);
    status_->setAccessibleName(tr("Library status"));
    offsite_ = new QPushButton(tr("Mark &off-site…"), this);
    offsite_->setAccessibleName(tr("Mark the exported cartridge off-site"));
    // The row keeps its height while the button and the progress come and go.
    for (QWidget* w : {static_cast<QWidget*>(offsite_), static_cast<QWidget*>(progress_)}) {
        auto policy = w->sizePolicy();
        policy.setRetainSizeWhenHidden(true);
        w->setSizePolicy(policy);
    }
    offsite_->hide();
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(progress_);
    statusRow->addWidget(status_, 1);
    statusRow->addWidget(offsite_);
    return statusRow;
}

QWidget* LibraryPage::buildDifferences() {
    diffs_ = new DifferenceModel(this);
    auto* proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(diffs_);
    table_ = new QTableView(this);
    table_->setModel(proxy);
    table_->setSortingEnabled(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setAlternatingRowColors(true);
    table_->verticalHeader()->hide();
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setAccessibleName(tr("Differences between the catalog and the changer"));
    table_->sortByColumn(DifferenceModel::Kind, Qt::AscendingOrder); // missing, moved, ..., unknown
    table_->horizontalHeader()->restoreState(
        QSettings().value(kDifferencesHeaderKey()).toByteArray());
    widenColumnsToContents(table_); // the titles whole before the first inventory
    diffsTitle_ = new QLabel(tr("Differences: run the inventory to compare the catalog with "
                                "the changer."),
                             this);
    diffsTitle_->setWordWrap(true);
    auto* lower = new QWidget(this);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(diffsTitle_);
    lowerLayout->addWidget(table_);
    return lower;
}

void LibraryPage::addShortcuts() {
    auto shortcut = [this](const QKeySequence& k, auto slot) {
        auto* a = new QAction(this);
        a->setShortcut(k);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
    };
    shortcut(QKeySequence::Refresh, [this] { refresh(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_I), [this] { runInventory(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I), [this] { reconcile(); });
}

void LibraryPage::connectSignals() {
    connect(split_, &QSplitter::splitterMoved, this, [this] { userSized_ = true; });
    connect(inventory_, &QPushButton::clicked, this, [this] { runInventory(); });
    connect(reconcile_, &QPushButton::clicked, this, [this] { reconcile(); });
    connect(offsite_, &QPushButton::clicked, this, [this] { markExportedOffsite(); });
    connect(libraries_, &QComboBox::activated, this,
            [this](int i) { chooseLibrary(libraries_->itemText(i)); });
    connect(colorBy_, &QComboBox::activated, this, [this](int i) {
        QSettings().setValue(kColorKey(), i);
        view_->setSnapshot(snap_, colorBy());
    });
    connect(view_, &LibraryView::dropped, this,
            [this](Place from, Place to) { requestMove(from, to); });
    connect(view_, &LibraryView::activated, this, [this](Place p) { activate(p); });
    connect(view_, &LibraryView::menuRequested, this, &LibraryPage::showMenu);
}

ColorBy LibraryPage::colorBy() const {
    return colorBy_->currentData().toInt() == int(ColorBy::Pool) ? ColorBy::Pool : ColorBy::State;
}

void LibraryPage::refresh() {
    if (refreshing_) {
        refreshAgain_ = true;
        return;
    }
    refreshing_ = true;
    const int generation = ++generation_;
    runBackgroundRead(
        &board_, this,
        [this, generation, door = door_, lib = library_.toStdString()]() -> GuiContinuation {
            auto s = load_library_snapshot(door, lib); // values only; logged there
            return [this, generation, s = std::move(s)]() mutable {
                applySnapshot(std::move(s), generation);
            };
        });
}

void LibraryPage::applySnapshot(LibrarySnapshot s, int generation) {
    refreshing_ = false;
    if (generation == generation_) {
        snap_ = std::move(s);
        QStringList names;
        for (const auto& n : snap_.libraries)
            names << QString::fromStdString(n);
        QStringList shown;
        for (int i = 0; i < libraries_->count(); ++i)
            shown << libraries_->itemText(i);
        const QSignalBlocker block(libraries_);
        if (names != shown) { // repopulating would close an open popup
            libraries_->clear();
            libraries_->addItems(names);
        }
        libraries_->setCurrentText(QString::fromStdString(snap_.library));
        view_->setSnapshot(snap_, colorBy());
        // Once the new elements are shown (Qt shows widgets added to a visible parent from the
        // event loop): until then they count for nothing in the drawing's size hint.
        QTimer::singleShot(0, this, [this] { fitSplitter(); });
        if (!snap_.error.empty())
            showStatus(tr("Cannot read the library: %1").arg(QString::fromStdString(snap_.error)),
                       true);
        else if (snap_.libraries.empty())
            showStatus(tr("No library is configured; add one on the Devices page or with "
                          "tapeloom-cli library add."),
                       true);
        Q_EMIT refreshed();
    }
    if (refreshAgain_) {
        refreshAgain_ = false;
        refresh();
    }
}

bool LibraryPage::chooseLibrary(const QString& name) {
    if (std::find(snap_.libraries.begin(), snap_.libraries.end(), name.toStdString()) ==
        snap_.libraries.end())
        return false;
    library_ = name;
    QSettings().setValue(kLibraryKey(), name);
    diffs_->setDifferences({});
    refresh();
    return true;
}

void LibraryPage::showStatus(const QString& text, bool error) {
    status_->setMessage(text);
    QPalette pal = palette();
    if (error)
        pal.setColor(QPalette::WindowText,
                     QColor(0xd3, 0x2f, 0x2f)
                         .lighter(palette().color(QPalette::Window).lightness() < 128 ? 150 : 100));
    status_->setPalette(pal);
    if (error)
        board_.clearWhenEnded(this, text, [this, text] {
            if (status_->text() == text) showStatus(QString(), false);
        });
}

QString LibraryPage::statusText() const {
    return status_->message();
}

// The drawing as tall as it needs (at most 3/4 of the page), the differences below, until the
// administrator moves the splitter.
void LibraryPage::fitSplitter() {
    if (userSized_ || view_->elements().empty()) return;
    const int total = split_->height();
    const int want = std::min(view_->sizeHint().height() + 8, total * 3 / 4);
    const QSignalBlocker block(split_);
    split_->setSizes({want, std::max(total - want, 0)});
}

bool LibraryPage::eventFilter(QObject* watched, QEvent* e) {
    if (watched == split_ && e->type() == QEvent::Resize) fitSplitter();
    return QWidget::eventFilter(watched, e);
}

void LibraryPage::resizeEvent(QResizeEvent* e) {
    QWidget::resizeEvent(e);
    fitSplitter();
}

void LibraryPage::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    refresh();
    timer_->start();
}

void LibraryPage::hideEvent(QHideEvent* e) {
    timer_->stop();
    QWidget::hideEvent(e);
}

} // namespace tl::ui
