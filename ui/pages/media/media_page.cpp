#include "pages/media/media_page.h"

#include <QAction>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSettings>
#include <QSplitter>
#include <QStringListModel>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>
#include <algorithm>

#include "bridge/engine_task.h"
#include "bridge/task_board.h"
#include "common/clock.h"
#include "common/log.h"
#include "pages/media/media_actions.h"
#include "pages/media/media_text.h"
#include "pages/media/pool_table_model.h"
#include "pages/media/pools_panel.h"
#include "pages/media/volume_details.h"
#include "pages/media/volume_filter_proxy.h"
#include "pages/media/volume_table_model.h"
#include "widgets/layout_settings.h"
#include "widgets/table_columns.h"

namespace tl::ui {

namespace {
QString kHeaderKey() {
    return layoutKey(QStringLiteral("media/volumeColumns"));
}
QString kSplitKey() {
    return layoutKey(QStringLiteral("media/splitter"));
}
} // namespace

MediaPage::MediaPage(const ConsoleContext& ctx, TaskBoard& board, QWidget* parent)
    : QWidget(parent), board_(board), door_(ctx.door), volumes_(new VolumeTableModel(this)),
      proxy_(new VolumeFilterProxy(this)), view_(new QTableView(this)),
      pools_(new PoolsPanel(ctx, board, this)), details_(new VolumeDetails(door_, &board, this)),
      toolbar_(new QToolBar(this)), filter_(new QLineEdit(this)), poolFilter_(new QComboBox(this)),
      stateFilter_(new QComboBox(this)), status_(new QLabel(this)),
      results_(new QStringListModel(this)), resultsView_(new QListView(this)),
      timer_(new QTimer(this)), volumeActions_(new MediaActions(ctx, board, this)) {
    proxy_->setSourceModel(volumes_);
    view_->setModel(proxy_);
    view_->setSortingEnabled(true);
    view_->sortByColumn(VolumeTableModel::Barcode, Qt::AscendingOrder);
    view_->setSelectionBehavior(QAbstractItemView::SelectRows);
    view_->setSelectionMode(QAbstractItemView::SingleSelection);
    view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    view_->verticalHeader()->hide();
    view_->setWordWrap(false);
    view_->horizontalHeader()->setStretchLastSection(true);
    view_->setContextMenuPolicy(Qt::ActionsContextMenu);
    view_->setAccessibleName(tr("Volumes"));
    columnsSized_ =
        view_->horizontalHeader()->restoreState(QSettings().value(kHeaderKey()).toByteArray());
    connect(view_->horizontalHeader(), &QHeaderView::sectionResized, this,
            [this] { QSettings().setValue(kHeaderKey(), view_->horizontalHeader()->saveState()); });
    connect(view_->horizontalHeader(), &QHeaderView::sortIndicatorChanged, this,
            [this] { QSettings().setValue(kHeaderKey(), view_->horizontalHeader()->saveState()); });

    filter_->setPlaceholderText(tr("Filter by barcode, pool or location"));
    filter_->setClearButtonEnabled(true);
    filter_->setAccessibleName(tr("Filter volumes"));
    poolFilter_->setAccessibleName(tr("Show the volumes of pool"));
    poolFilter_->addItem(tr("All pools"), QString());
    stateFilter_->setAccessibleName(tr("Show the volumes in state"));
    stateFilter_->addItem(tr("All states"), QString());
    for (auto s :
         {media::VolumeState::Blank, media::VolumeState::Append, media::VolumeState::Full,
          media::VolumeState::Used, media::VolumeState::Recyclable, media::VolumeState::Error,
          media::VolumeState::ReadOnly, media::VolumeState::Disabled, media::VolumeState::Cleaning})
        stateFilter_->addItem(MediaText::state(s), QString::fromUtf8(media::to_string(s)));
    connect(filter_, &QLineEdit::textChanged, proxy_, &VolumeFilterProxy::setText);
    connect(poolFilter_, &QComboBox::currentIndexChanged, this,
            [this] { proxy_->setPool(poolFilter_->currentData().toString()); });
    connect(stateFilter_, &QComboBox::currentIndexChanged, this,
            [this] { proxy_->setState(stateFilter_->currentData().toString()); });

    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_->setAccessibleName(tr("Status of the last action"));
    resultsView_->setModel(results_);
    resultsView_->setAccessibleName(tr("Result per cartridge"));
    resultsView_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    resultsView_->hide();

    buildActions();
    buildLayout();
    pools_->setConfirm([this](const QString& q) { return volumeActions_->confirm(q); });
    connect(volumeActions_, &MediaActions::status, this, &MediaPage::setStatus);
    connect(volumeActions_, &MediaActions::runningChanged, this, &MediaPage::updateActions);
    connect(volumeActions_, &MediaActions::results, this, [this](const QStringList& lines) {
        results_->setStringList(lines);
        resultsView_->show();
    });
    connect(volumeActions_, &MediaActions::finished, this, [this](const QString& error) {
        refresh();
        Q_EMIT taskFinished(error);
    });
    connect(pools_, &PoolsPanel::status, this, &MediaPage::setStatus);
    connect(pools_, &PoolsPanel::changed, this, &MediaPage::refresh);
    connect(details_, &VolumeDetails::openReport, this, &MediaPage::openReport);
    connect(view_->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        details_->showVolume(selectedRow());
        updateActions();
    });
    connect(view_, &QTableView::activated, this, [this] { // double-click or Enter
        details_->showVolume(selectedRow());
        details_->setFocus(Qt::OtherFocusReason);
    });
    timer_->setInterval(2000);
    connect(timer_, &QTimer::timeout, this, &MediaPage::refresh);
    updateActions();
}

MediaPage::~MediaPage() = default;

void MediaPage::buildLayout() {
    auto* filters = new QHBoxLayout;
    filters->addWidget(filter_, 2);
    filters->addWidget(poolFilter_, 1);
    filters->addWidget(stateFilter_, 1);

    auto* volumesBox = new QWidget(this);
    auto* vbox = new QVBoxLayout(volumesBox);
    vbox->setContentsMargins(0, 0, 0, 0);
    vbox->addLayout(filters);
    vbox->addWidget(view_, 3);
    vbox->addWidget(resultsView_, 1);

    auto* poolsBox = new QGroupBox(tr("Pools"), this);
    auto* pbox = new QVBoxLayout(poolsBox);
    pbox->addWidget(pools_);

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(volumesBox);
    left->addWidget(poolsBox);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 1);
    auto* main = new QSplitter(this);
    main->addWidget(left);
    main->addWidget(details_);
    main->setStretchFactor(0, 3);
    main->setStretchFactor(1, 1);
    main->setObjectName(QStringLiteral("mediaSplitter"));
    main->setSizes({880, 400});
    main->restoreState(QSettings().value(kSplitKey()).toByteArray());
    connect(main, &QSplitter::splitterMoved, this,
            [main] { QSettings().setValue(kSplitKey(), main->saveState()); });

    auto* box = new QVBoxLayout(this);
    box->addWidget(toolbar_);
    box->addWidget(status_);
    box->addWidget(main, 1);
}

void MediaPage::setConfirm(std::function<bool(const QString&)> confirm) {
    volumeActions_->setConfirm(std::move(confirm));
}

void MediaPage::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refresh();
    timer_->start();
}

void MediaPage::hideEvent(QHideEvent* event) {
    QWidget::hideEvent(event);
    timer_->stop();
}

void MediaPage::refresh() {
    if (loading_) {
        reloadWanted_ = true;
        return;
    }
    loading_ = true;
    runBackgroundRead(&board_, this, [this, door = door_]() -> GuiContinuation {
        auto snap = MediaSnapshot::load(door); // values only: not the page
        return [this, snap = std::move(snap)]() mutable { applySnapshot(std::move(snap)); };
    });
}

void MediaPage::applySnapshot(MediaSnapshot snap) {
    loading_ = false;
    if (!snap.error.isEmpty()) {
        log::get("ui")->warn("media page: {}", snap.error.toStdString());
        setStatus(tr("Cannot read the catalog: %1").arg(snap.error), true);
    } else if (!snap.libraryError.isEmpty()) {
        setStatus(tr("Cannot read the library: %1").arg(snap.libraryError), true);
    }
    const QString current = selectedBarcode();
    fillFilters(snap.pools);
    pools_->setPools(snap.pools);
    pools_->setKeyNames(snap.keyNames);
    volumes_->setRows(std::move(snap.volumes));
    widenColumnsToContents(view_);                    // states and locations whole (also in German)
    if (!columnsSized_ && volumes_->rowCount() > 0) { // first time: fit the contents
        columnsSized_ = true;
        view_->resizeColumnsToContents();
        // Room for "outside at Vault A since 2026-11-30 15:29".
        view_->setColumnWidth(
            VolumeTableModel::Location,
            std::max(view_->columnWidth(VolumeTableModel::Location),
                     view_->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 34));
    }
    if (!current.isEmpty()) {
        for (int r = 0; r < proxy_->rowCount(); ++r)
            if (proxy_->index(r, 0).data(VolumeTableModel::BarcodeRole).toString() == current) {
                if (view_->currentIndex().row() != r) view_->selectRow(r);
                break;
            }
    }
    if (details_->barcode() == current) details_->showVolume(selectedRow());
    updateActions();
    Q_EMIT refreshed();
    if (reloadWanted_) {
        reloadWanted_ = false;
        refresh();
    }
}

void MediaPage::fillFilters(const std::vector<media::Pool>& pools) {
    QStringList names;
    for (const auto& p : pools)
        names << QString::fromStdString(p.name);
    QStringList shown;
    for (int i = 1; i < poolFilter_->count(); ++i)
        shown << poolFilter_->itemData(i).toString();
    if (shown == names) return;
    const QString chosen = poolFilter_->currentData().toString();
    QSignalBlocker block(poolFilter_);
    while (poolFilter_->count() > 1)
        poolFilter_->removeItem(1);
    for (const auto& n : names)
        poolFilter_->addItem(n, n);
    const int i = poolFilter_->findData(chosen);
    poolFilter_->setCurrentIndex(i < 0 ? 0 : i);
    proxy_->setPool(poolFilter_->currentData().toString());
}

void MediaPage::setStatus(const QString& text, bool error) {
    status_->setText(text);
    if (error)
        MediaText::styleProblem(status_);
    else
        status_->setPalette(palette());
    if (error)
        board_.clearWhenEnded(this, text, [this, text] {
            if (status_->text() == text) setStatus(QString(), false);
        });
}

bool MediaPage::selectVolume(const QString& barcode) {
    if (!volumes_->find(barcode)) return false;
    for (int pass = 0; pass < 2; ++pass) {
        for (int r = 0; r < proxy_->rowCount(); ++r)
            if (proxy_->index(r, 0).data(VolumeTableModel::BarcodeRole).toString() == barcode) {
                view_->setCurrentIndex(proxy_->index(r, 0));
                view_->selectRow(r);
                return true;
            }
        filter_->clear(); // hidden by a filter: show everything
        poolFilter_->setCurrentIndex(0);
        stateFilter_->setCurrentIndex(0);
    }
    return false;
}

QString MediaPage::selectedBarcode() const {
    const auto i = view_->currentIndex();
    return i.isValid() ? i.data(VolumeTableModel::BarcodeRole).toString() : QString();
}

const VolumeRow* MediaPage::selectedRow(QString* whyNot) const {
    const QString bc = selectedBarcode();
    const VolumeRow* row = bc.isEmpty() ? nullptr : volumes_->find(bc);
    if (!row && whyNot) *whyNot = tr("Select a volume first.");
    return row;
}

QString MediaPage::defaultPool() const {
    const QString wanted =
        QSettings().value(QStringLiteral("defaults/pool"), QStringLiteral("Default")).toString();
    const QStringList names = pools_->model()->names();
    if (names.contains(wanted) || names.isEmpty()) return wanted;
    return names.first();
}

} // namespace tl::ui
