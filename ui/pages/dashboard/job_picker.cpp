#include "pages/dashboard/job_picker.h"

#include <algorithm>

#include "widgets/job_text.h"

namespace tl::ui {

namespace {
QString state(const metrics::LiveSnapshot& s) {
    if (s.ended)
        return JobText::status(QString::fromStdString(s.kind), QString::fromStdString(s.status));
    return s.status == "waiting" ? JobPicker::tr("waiting") : JobPicker::tr("running");
}
} // namespace

JobPicker::JobPicker(QWidget* parent) : QComboBox(parent) {
    setAccessibleName(tr("Job shown"));
    setToolTip(tr("The job the Dashboard shows: the newest one (a job just started is shown at "
                  "once), or the one picked here"));
    setSizeAdjustPolicy(QComboBox::AdjustToContents);
    addItem(tr("Newest job"), qint64(0));
    connect(this, &QComboBox::activated, this,
            [this](int i) { Q_EMIT picked(itemData(i).toLongLong()); });
}

qint64 JobPicker::pinned() const {
    return currentData().toLongLong();
}

void JobPicker::setJobs(const std::vector<metrics::LiveSnapshot>& jobs) {
    std::vector<std::pair<qint64, QString>> items;
    for (const auto& s : jobs) {
        QString text = tr("Job %1").arg(s.job_id);
        text += QStringLiteral(" — %1").arg(JobText::kind(QString::fromStdString(s.kind)));
        if (!s.name.empty()) text += QStringLiteral(" %1").arg(QString::fromStdString(s.name));
        text += QStringLiteral(", %1").arg(state(s));
        items.emplace_back(s.job_id, text);
    }
    std::sort(items.begin(), items.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    const qint64 keep = pinned();
    if (keep &&
        std::none_of(items.begin(), items.end(), [keep](const auto& i) { return i.first == keep; }))
        items.emplace_back(keep, itemText(currentIndex()));
    if (items == shown_) return;
    shown_ = items;
    const QSignalBlocker quiet(this);
    while (count() > 1)
        removeItem(1);
    for (const auto& [id, text] : items)
        addItem(text, id);
    setCurrentIndex(std::max(0, findData(keep)));
}

} // namespace tl::ui
