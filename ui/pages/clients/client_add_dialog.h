#pragma once
// "Add client" of the Clients page: the client's name, the address its tapeloom-agent listens
// on and the fingerprint `tapeloom-agent init` printed; and, to copy, the service's own
// fingerprint, which the agent is to trust (`tapeloom-agent trust --server-fingerprint`). What
// is wrong is shown under the fields while typing and OK stays disabled until it is right. The
// dialog only describes; the page adds. GUI thread only.
#include <QDialog>
#include <QStringList>

class QDialogButtonBox;
class QLabel;
class QLineEdit;

namespace tl::ui {

struct ClientSpec {
    QString name, address, fingerprint;
};

// What is wrong with `spec` ("" when nothing): an empty or taken name, a name with other
// characters than letters, digits, '.', '_' and '-', an address without a port, a fingerprint
// that is not 64 hex digits (colons allowed).
QString clientSpecProblem(const ClientSpec& spec, const QStringList& taken);

class ClientAddDialog final : public QDialog {
    Q_OBJECT
public:
    // `taken`: the clients added already; `serviceFingerprint`: shown to copy.
    ClientAddDialog(const QStringList& taken, const QString& serviceFingerprint,
                    QWidget* parent = nullptr);

    ClientSpec spec() const;
    QString problem() const; // the problem shown now ("" when OK is enabled)

    QLineEdit* name() const { return name_; }
    QLineEdit* address() const { return address_; }
    QLineEdit* fingerprint() const { return fingerprint_; }
    QDialogButtonBox* buttons() const { return buttons_; }

private:
    void update();

    QStringList taken_;
    QLineEdit* name_;
    QLineEdit* address_;
    QLineEdit* fingerprint_;
    QLabel* problem_;
    QDialogButtonBox* buttons_;
};

} // namespace tl::ui
