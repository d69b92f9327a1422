#pragma once
// The operator requests (bridge/operator_requests.h) as a non-modal list for a dock widget:
// one row per request with its text and actions — "Open Library", "Open Media", "Open Devices"
// (as the request suggests) and "Dismiss". Rows come and go with their causes; a new row never
// takes the focus or raises the window, so typing elsewhere is not interrupted. The list does
// not switch pages itself: it emits openPage(name) for the main window. GUI thread only.
#include <QString>
#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace tl::ui {

class OperatorRequests;

class NotificationList final : public QWidget {
    Q_OBJECT
public:
    // `requests` outlives the list (or is its parent's child).
    explicit NotificationList(OperatorRequests* requests, QWidget* parent = nullptr);

    // Rows shown now (for tests and the dock's title).
    int count() const;
    // The row of a request, or nullptr.
    QWidget* row(const QString& key) const;

Q_SIGNALS:
    // "library", "media" or "devices".
    void openPage(const QString& name);
    void countChanged(int count);

private:
    void rebuild();

    OperatorRequests* requests_;
    QVBoxLayout* rows_;
    QLabel* empty_;
};

} // namespace tl::ui
