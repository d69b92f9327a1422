#include "pages/library/volume_colors.h"

#include <QHash>
#include <algorithm>
#include <array>

namespace tl::ui {

namespace {
QColor stateFill(media::VolumeState s) {
    using S = media::VolumeState;
    switch (s) {
    case S::Blank:
        return QColor(0xb0, 0xb7, 0xc0); // grey: nothing on it yet
    case S::Append:
        return QColor(0x4c, 0xaf, 0x50); // green: being filled
    case S::Full:
        return QColor(0x1e, 0x88, 0xe5); // blue: done
    case S::Used:
        return QColor(0x5c, 0x6b, 0xc0); // indigo: limit reached
    case S::Recyclable:
        return QColor(0xff, 0xb3, 0x00); // amber: may be overwritten
    case S::Error:
        return QColor(0xe5, 0x39, 0x35); // red
    case S::ReadOnly:
        return QColor(0x8d, 0x6e, 0x63); // brown
    case S::Disabled:
        return QColor(0x61, 0x61, 0x61); // dark grey
    case S::Cleaning:
        return QColor(0x26, 0xc6, 0xda); // cyan
    }
    return Qt::gray;
}

const QColor kUnknown(0xf0, 0xe6, 0xc8); // pale: not in the catalog

QColor poolFill(const QString& pool) {
    static const std::array<QColor, 8> palette = {
        QColor(0x43, 0xa0, 0x47), QColor(0x1e, 0x88, 0xe5), QColor(0x8e, 0x24, 0xaa),
        QColor(0xfb, 0x8c, 0x00), QColor(0x00, 0x89, 0x7b), QColor(0xd8, 0x1b, 0x60),
        QColor(0x6d, 0x4c, 0x41), QColor(0x39, 0x49, 0xab)};
    if (pool.isEmpty()) return QColor(0xb0, 0xb7, 0xc0);
    return palette[qHash(pool) % palette.size()];
}
} // namespace

QColor VolumeColors::fill(const media::VolumeRecord* v, ColorBy by) {
    if (!v) return kUnknown;
    return by == ColorBy::State ? stateFill(v->state) : poolFill(QString::fromStdString(v->pool));
}

QColor VolumeColors::textOn(const QColor& fill) {
    const double y = 0.299 * fill.redF() + 0.587 * fill.greenF() + 0.114 * fill.blueF();
    return y > 0.55 ? Qt::black : Qt::white;
}

QString VolumeColors::stateName(media::VolumeState s) {
    using S = media::VolumeState;
    switch (s) {
    case S::Blank:
        return tr("Blank");
    case S::Append:
        return tr("Append");
    case S::Full:
        return tr("Full");
    case S::Used:
        return tr("Used");
    case S::Recyclable:
        return tr("Recyclable");
    case S::Error:
        return tr("Error");
    case S::ReadOnly:
        return tr("Read-only");
    case S::Disabled:
        return tr("Disabled");
    case S::Cleaning:
        return tr("Cleaning");
    }
    return {};
}

QString VolumeColors::poolName(const media::VolumeRecord* v) {
    if (!v) return tr("not in the catalog");
    return v->pool.empty() ? tr("no pool") : QString::fromStdString(v->pool);
}

std::vector<std::pair<QString, QColor>>
VolumeColors::legend(const std::vector<const media::VolumeRecord*>& volumes, ColorBy by) {
    std::vector<std::pair<QString, QColor>> out;
    auto add = [&](const QString& label, const QColor& c) {
        if (std::none_of(out.begin(), out.end(), [&](const auto& e) { return e.first == label; }))
            out.emplace_back(label, c);
    };
    for (const auto* v : volumes) {
        if (!v)
            add(tr("Not in the catalog"), kUnknown);
        else if (by == ColorBy::State)
            add(stateName(v->state), fill(v, by));
        else
            add(poolName(v), fill(v, by));
    }
    std::sort(out.begin(), out.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    return out;
}

} // namespace tl::ui
