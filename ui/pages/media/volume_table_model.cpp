#include "pages/media/volume_table_model.h"

#include "pages/media/media_text.h"

namespace tl::ui {

void VolumeTableModel::setRows(std::vector<VolumeRow> rows) {
    // Same barcodes in the same order (the usual refresh): update in place, keeping selection.
    bool same = rows.size() == rows_.size();
    for (std::size_t i = 0; same && i < rows.size(); ++i)
        same = rows[i].volume.barcode == rows_[i].volume.barcode;
    if (same) {
        rows_ = std::move(rows);
        if (!rows_.empty()) Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
        return;
    }
    beginResetModel();
    rows_ = std::move(rows);
    endResetModel();
}

const VolumeRow* VolumeTableModel::row(int r) const {
    return r >= 0 && r < rowCount() ? &rows_[static_cast<std::size_t>(r)] : nullptr;
}

const VolumeRow* VolumeTableModel::find(const QString& barcode) const {
    for (const auto& r : rows_)
        if (QString::fromStdString(r.volume.barcode) == barcode) return &r;
    return nullptr;
}

int VolumeTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int VolumeTableModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VolumeTableModel::display(const VolumeRow& r, int column) const {
    const auto& v = r.volume;
    switch (column) {
    case Barcode:
        return QString::fromStdString(v.barcode);
    case Pool:
        return QString::fromStdString(v.pool);
    case State:
        return MediaText::state(v.state);
    case Used:
        return r.known ? MediaText::bytes(v.bytes) : QString();
    case Capacity:
        return v.capacity > 0 ? MediaText::bytes(v.capacity) : QString();
    case LastWritten:
        return MediaText::date(v.last_written);
    case Expires:
        if (r.expires > 0) return MediaText::date(r.expires);
        return r.known && v.has_data() ? tr("expired") : QString();
    case Location:
        return MediaText::location(v, r.position);
    case Mounts:
        return r.known ? QVariant(r.mounts) : QVariant();
    case Errors:
        return r.known ? QVariant(r.errors) : QVariant();
    case Jobs:
        return r.known ? QVariant(qint64(v.jobs)) : QVariant();
    case Encryption:
        return QString::fromStdString(v.encryption_keys);
    }
    return {};
}

QVariant VolumeTableModel::sortKey(const VolumeRow& r, int column) const {
    const auto& v = r.volume;
    switch (column) {
    case Used:
        return qint64(v.bytes);
    case Capacity:
        return qint64(v.capacity);
    case LastWritten:
        return qint64(v.last_written);
    case Expires:
        return qint64(r.expires);
    case Mounts:
        return r.mounts;
    case Errors:
        return r.errors;
    case Jobs:
        return qint64(v.jobs);
    case State:
        return static_cast<int>(v.state);
    default:
        return display(r, column);
    }
}

QVariant VolumeTableModel::data(const QModelIndex& index, int role) const {
    const VolumeRow* r = index.isValid() ? row(index.row()) : nullptr;
    if (!r) return {};
    switch (role) {
    case Qt::DisplayRole:
        return display(*r, index.column());
    case Qt::ToolTipRole:
        if (!r->known) return tr("A cartridge of the library the catalog does not know yet");
        if (index.column() == Encryption && !r->volume.encryption_keys.empty())
            return tr("Holds encrypted save sets: restoring them needs these keys in the key "
                      "store (tapeloom-cli key import)");
        return index.column() == Location && !r->position.isEmpty() &&
                       r->volume.location == media::Location::Library
                   ? tr("Home slot %1; the changer has it in %2")
                         .arg(r->volume.slot)
                         .arg(r->position)
                   : QVariant();
    case Qt::TextAlignmentRole:
        return index.column() >= Used && index.column() != Location &&
                       index.column() != LastWritten && index.column() != Expires &&
                       index.column() != Encryption
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    case SortRole:
        return sortKey(*r, index.column());
    case BarcodeRole:
        return QString::fromStdString(r->volume.barcode);
    case PoolRole:
        return QString::fromStdString(r->volume.pool);
    case StateRole:
        return QString::fromUtf8(media::to_string(r->volume.state));
    }
    return {};
}

QVariant VolumeTableModel::headerData(int section, Qt::Orientation o, int role) const {
    if (o != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case Barcode:
        return tr("Barcode");
    case Pool:
        return tr("Pool");
    case State:
        return tr("State");
    case Used:
        return tr("Used");
    case Capacity:
        return tr("Capacity");
    case LastWritten:
        return tr("Last written");
    case Expires:
        return tr("Expires");
    case Location:
        return tr("Location");
    case Mounts:
        return tr("Mounts");
    case Errors:
        return tr("Errors");
    case Jobs:
        return tr("Jobs");
    case Encryption:
        return tr("Encrypted with");
    }
    return {};
}

} // namespace tl::ui
