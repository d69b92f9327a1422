#pragma once
// The words of a PDF that Qt wrote (QPdfWriter), for tests to check what an export holds:
// every stream is inflated, every ToUnicode map read, and the glyphs the content streams show
// (`<gid> Tj`, `[<gid>...] TJ`) are mapped through each map in turn — one text per font map,
// spaces removed. Enough to find a word; not a PDF reader.
#include <QByteArray>
#include <QHash>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QtEndian>

namespace tltest {

namespace pdf_detail {
inline QByteArray inflate(const QByteArray& data) {
    QByteArray sized(4, '\0');
    qToBigEndian<quint32>(quint32(qMin<qsizetype>(data.size() * 40 + (1 << 20), 1 << 28)),
                          sized.data());
    return qUncompress(sized + data);
}

inline QList<uint> hexCodes(const QByteArray& hex, int width) {
    QList<uint> out;
    for (qsizetype i = 0; i + width <= hex.size(); i += width)
        out << hex.mid(i, width).toUInt(nullptr, 16);
    return out;
}

inline QString fromUtf16Hex(const QByteArray& hex) {
    QString s;
    for (uint u : hexCodes(hex, 4))
        s += QChar(char16_t(u));
    return s;
}

inline QHash<uint, QString> readCmap(const QByteArray& cmap) {
    QHash<uint, QString> map;
    static const QRegularExpression bfchar(QStringLiteral("beginbfchar(.*?)endbfchar"),
                                           QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression pair(QStringLiteral("<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>"));
    static const QRegularExpression bfrange(QStringLiteral("beginbfrange(.*?)endbfrange"),
                                            QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression range(QStringLiteral(
        "<([0-9A-Fa-f]+)>\\s*<([0-9A-Fa-f]+)>\\s*(?:<([0-9A-Fa-f]+)>|\\[([^\\]]*)\\])"));
    static const QRegularExpression hex(QStringLiteral("<([0-9A-Fa-f]+)>"));
    const QString text = QString::fromLatin1(cmap);
    for (auto b = bfchar.globalMatch(text); b.hasNext();)
        for (auto p = pair.globalMatch(b.next().captured(1)); p.hasNext();) {
            const auto m = p.next();
            map.insert(m.captured(1).toUInt(nullptr, 16), fromUtf16Hex(m.captured(2).toLatin1()));
        }
    for (auto b = bfrange.globalMatch(text); b.hasNext();)
        for (auto r = range.globalMatch(b.next().captured(1)); r.hasNext();) {
            const auto m = r.next();
            const uint lo = m.captured(1).toUInt(nullptr, 16),
                       hi = m.captured(2).toUInt(nullptr, 16);
            if (!m.captured(3).isEmpty()) {
                const uint first = m.captured(3).toUInt(nullptr, 16);
                for (uint g = lo; g <= hi && g - lo < 65536; ++g)
                    map.insert(g, QString(QChar(char16_t(first + (g - lo)))));
            } else {
                uint g = lo;
                for (auto h = hex.globalMatch(m.captured(4)); h.hasNext() && g <= hi; ++g)
                    map.insert(g, fromUtf16Hex(h.next().captured(1).toLatin1()));
            }
        }
    return map;
}
} // namespace pdf_detail

inline QStringList pdf_texts(const QByteArray& pdf) {
    using namespace pdf_detail;
    QList<QHash<uint, QString>> maps;
    QList<uint> glyphs;
    static const QRegularExpression shown(QStringLiteral("<([0-9A-Fa-f]+)>"));
    qsizetype at = 0;
    for (;;) {
        qsizetype s = pdf.indexOf("stream", at);
        if (s < 0) break;
        if (s >= 3 && pdf.mid(s - 3, 3) == "end") { // "endstream" of the last one
            at = s + 6;
            continue;
        }
        qsizetype begin = s + 6;
        if (pdf.mid(begin, 2) == "\r\n")
            begin += 2;
        else if (pdf.mid(begin, 1) == "\n")
            begin += 1;
        const qsizetype end = pdf.indexOf("endstream", begin);
        if (end < 0) break;
        QByteArray data = pdf.mid(begin, end - begin);
        const QByteArray inflated = inflate(data);
        if (!inflated.isEmpty()) data = inflated;
        if (data.contains("begincmap")) {
            maps << readCmap(data);
        } else if (data.contains(" Tj") || data.contains("TJ")) {
            const QString text = QString::fromLatin1(data);
            for (auto m = shown.globalMatch(text); m.hasNext();)
                glyphs << hexCodes(m.next().captured(1).toLatin1(), 4);
        }
        at = end + 9;
    }
    QStringList out;
    for (const auto& map : maps) {
        QString t;
        for (uint g : glyphs)
            t += map.value(g);
        t.remove(QRegularExpression(QStringLiteral("\\s")));
        out << t;
    }
    return out;
}

// Whether the PDF shows `words` (spaces ignored) in one of its fonts.
inline bool pdf_shows(const QByteArray& pdf, const QString& words) {
    QString w = words;
    w.remove(QRegularExpression(QStringLiteral("\\s")));
    for (const auto& t : pdf_texts(pdf))
        if (t.contains(w)) return true;
    return false;
}

} // namespace tltest
