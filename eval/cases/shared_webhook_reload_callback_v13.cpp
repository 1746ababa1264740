// Payment webhook notifier: payment events published on an in-process
// EventBus are forwarded to the merchant's endpoint over an HttpsConnection
// owned through a shared_ptr. reload() (merchant changed its endpoint) closes
// the current connection and replaces the owner with a fresh one.
// HttpsConnection::post() throws once the connection is closed.
//
// Bug: the "payment.captured" handler captured a copy of the shared_ptr when
// it was subscribed; after reload() it still holds the old, closed connection,
// so publishing a captured payment posts on it and throws.
// Correct: the "payment.refunded" handler reads the member Conn at call time and
// gets the fresh connection; the audit handler holds a weak_ptr and checks
// isOpen() after lock().
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class HttpsConnection {
public:
  explicit HttpsConnection(std::string Host) : Host(std::move(Host)) {}
  void post(const std::string &Path, const std::string &Body) {
    if (!Open)
      throw std::runtime_error("https connection to " + Host + " closed");
    std::cout << "POST https://" << Host << Path << " " << Body << "\n";
  }
  void close() { Open = false; }
  bool isOpen() const { return Open; }

private:
  std::string Host;
  bool Open = true;
};

class EventBus {
public:
  using Handler = std::function<void(const std::string &)>;
  void subscribe(const std::string &Topic, Handler H) {
    Handlers[Topic].push_back(std::move(H));
  }
  void publish(const std::string &Topic, const std::string &Payload) {
    for (Handler &H : Handlers[Topic])
      H(Payload);
  }

private:
  std::map<std::string, std::vector<Handler>> Handlers;
};

class WebhookNotifier {
public:
  WebhookNotifier(EventBus &Bus, const std::string &Host,
                  std::shared_ptr<HttpsConnection> Audit)
      : Conn(std::make_shared<HttpsConnection>(Host)) {
    std::shared_ptr<HttpsConnection> Captured = Conn;
    Bus.subscribe("payment.captured", [Captured](const std::string &P) {
      Captured->post("/hooks/payment-captured", P); // SAME: captured
    });
    Bus.subscribe("payment.refunded", [this](const std::string &P) {
      Conn->post("/hooks/payment-refunded", P); // OK: the current Conn, replaced on reload
    });
    std::weak_ptr<HttpsConnection> WeakAudit = Audit;
    Bus.subscribe("payment.captured", [WeakAudit](const std::string &P) {
      std::shared_ptr<HttpsConnection> A = WeakAudit.lock();
      if (A && A->isOpen())
        A->post("/audit/webhooks", P); // OK: locked and checked
    });
  }
  ~WebhookNotifier() { Conn->close(); }

  void reload(const std::string &NewHost) {
    Conn->close();
    Conn = std::make_shared<HttpsConnection>(NewHost);
  }

private:
  std::shared_ptr<HttpsConnection> Conn;
};

int main() {
  EventBus Bus;
  auto Audit = std::make_shared<HttpsConnection>("audit.internal");
  WebhookNotifier Notifier(Bus, "hooks.merchant-a.example", Audit);

  Bus.publish("payment.captured", R"({"id":"pay_1","amount":1200})");
  Bus.publish("payment.refunded", R"({"id":"pay_0","amount":300})");

  Notifier.reload("webhooks-v2.merchant-a.example");
  Bus.publish("payment.refunded", R"({"id":"pay_1","amount":1200})");

  Audit->close(); // the audit sink is retired for the night
  Audit.reset();
  Bus.publish("payment.captured", R"({"id":"pay_2","amount":99})"); // BUG: use-after-close #captured
  return 0;
}
