#include "widgets/layout_settings.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QVariant>

namespace tl::ui {

namespace {
constexpr char kScopeProperty[] = "tapeloomLayoutScope";
} // namespace

void setLayoutDataDirectory(const QString& home) {
    const QByteArray path = QDir(home).canonicalPath().isEmpty()
                                ? QDir::cleanPath(home).toUtf8()
                                : QDir(home).canonicalPath().toUtf8();
    const QString scope = QString::fromLatin1(
        QCryptographicHash::hash(path, QCryptographicHash::Sha256).toHex().left(12));
    if (auto* app = QCoreApplication::instance()) app->setProperty(kScopeProperty, scope);
}

QString layoutKey(const QString& key) {
    auto* app = QCoreApplication::instance();
    const QString scope = app ? app->property(kScopeProperty).toString() : QString();
    return QStringLiteral("layout/%1/%2").arg(scope.isEmpty() ? QStringLiteral("-") : scope, key);
}

} // namespace tl::ui
