#include "widgets/notification_list.h"

#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

#include "bridge/operator_requests.h"

namespace tl::ui {

namespace {
QString pageButtonText(const QString& page) {
    if (page == QLatin1String("library")) return NotificationList::tr("Open Library");
    if (page == QLatin1String("media")) return NotificationList::tr("Open Media");
    if (page == QLatin1String("devices")) return NotificationList::tr("Open Devices");
    return page;
}

QStyle::StandardPixmap iconFor(OperatorRequest::Kind kind) {
    switch (kind) {
    case OperatorRequest::Kind::NoUsableVolume:
        return QStyle::SP_MessageBoxCritical;
    case OperatorRequest::Kind::DriveNeedsCleaning:
        return QStyle::SP_MessageBoxInformation;
    default:
        return QStyle::SP_MessageBoxWarning;
    }
}
} // namespace

NotificationList::NotificationList(OperatorRequests* requests, QWidget* parent)
    : QWidget(parent), requests_(requests), rows_(new QVBoxLayout),
      empty_(new QLabel(tr("Nothing to do for the operator."), this)) {
    setAccessibleName(tr("Operator requests"));
    auto* inner = new QWidget(this);
    auto* innerBox = new QVBoxLayout(inner);
    innerBox->addWidget(empty_);
    innerBox->addLayout(rows_);
    innerBox->addStretch(1);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* box = new QVBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(scroll);
    connect(requests_, &OperatorRequests::changed, this, &NotificationList::rebuild);
    rebuild();
}

int NotificationList::count() const {
    return rows_->count();
}

QWidget* NotificationList::row(const QString& key) const {
    for (int i = 0; i < rows_->count(); ++i)
        if (auto* w = rows_->itemAt(i)->widget(); w && w->objectName() == key) return w;
    return nullptr;
}

void NotificationList::rebuild() {
    // Row buttons carry no mnemonics: the same letter in every row would be ambiguous.
    // Keep the rows whose request is unchanged (a focused button keeps its focus); replace the
    // others. Nothing here calls setFocus, raise or activateWindow.
    const auto requests = requests_->requests();
    for (int i = rows_->count() - 1; i >= 0; --i) {
        auto* w = rows_->itemAt(i)->widget();
        bool keep = false;
        for (const auto& r : requests)
            keep = keep || (r.key == w->objectName() && r.text == w->property("text").toString());
        if (!keep) {
            delete rows_->takeAt(i); // the layout item; the card goes below
            w->deleteLater();
        }
    }
    for (int i = 0; i < requests.size(); ++i) {
        const auto& r = requests[i];
        if (row(r.key)) continue;
        auto* card = new QFrame(this);
        card->setObjectName(r.key);
        card->setProperty("text", r.text);
        card->setFrameShape(QFrame::StyledPanel);
        card->setAccessibleName(r.text);
        auto* icon = new QLabel(card);
        const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
        icon->setPixmap(style()->standardIcon(iconFor(r.kind), nullptr, this).pixmap(size, size));
        auto* text = new QLabel(r.text, card);
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        auto* buttons = new QHBoxLayout;
        buttons->addStretch(1);
        for (const auto& page : r.pages) {
            auto* b = new QPushButton(pageButtonText(page), card);
            b->setAccessibleName(pageButtonText(page) + QStringLiteral(": ") + r.subject);
            connect(b, &QPushButton::clicked, this, [this, page] { Q_EMIT openPage(page); });
            buttons->addWidget(b);
        }
        auto* dismiss = new QPushButton(tr("Dismiss"), card);
        dismiss->setAccessibleName(tr("Dismiss: %1").arg(r.subject));
        dismiss->setObjectName(QStringLiteral("dismiss"));
        connect(dismiss, &QPushButton::clicked, this,
                [this, key = r.key] { requests_->dismiss(key); });
        buttons->addWidget(dismiss);
        auto* top = new QHBoxLayout;
        top->addWidget(icon, 0, Qt::AlignTop);
        top->addWidget(text, 1);
        auto* cardBox = new QVBoxLayout(card);
        cardBox->addLayout(top);
        cardBox->addLayout(buttons);
        rows_->insertWidget(std::min<int>(i, rows_->count()), card);
    }
    empty_->setVisible(rows_->count() == 0);
    Q_EMIT countChanged(rows_->count());
}

} // namespace tl::ui
