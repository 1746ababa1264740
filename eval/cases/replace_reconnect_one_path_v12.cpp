// Cluster client that replaces closed connections: an std::optional<Session>
// for the control link, a unique_ptr<kafka::KafkaProducer> for events, and a
// FILE* journal that is reopened on rotation. Session::call() throws once the
// session is closed. Bugs: each replacement happens on only one path —
// the control session is re-emplaced only when the peer is healthy; the
// producer is recreated only when Reconnect is configured; the journal is
// reopened only when rename() succeeds; the audit fd only when Rotate is set —
// and the code after the if uses the handle on every path.
#include "messaging.h"
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <utility>

class Session {
public:
  explicit Session(std::string Peer) : Peer(std::move(Peer)) {}
  std::string call(const std::string &Req) {
    if (Closed)
      throw std::logic_error("Session::call on closed session to " + Peer);
    return "ok:" + Req;
  }
  void close() { Closed = true; }
  bool healthy() const { return !Peer.empty(); }

private:
  std::string Peer;
  bool Closed = false;
};

struct ClientConfig {
  std::string Peer = "ctl-1:9000";
  std::string Brokers = "kafka-1:9092";
  bool Reconnect = false;
};

class ClusterClient {
public:
  explicit ClusterClient(ClientConfig Cfg)
      : Cfg(std::move(Cfg)), Events(kafka::createProducer(this->Cfg.Brokers)) {
    Control.emplace(this->Cfg.Peer);
  }

  void refreshControl(const std::string &NewPeer) {
    Control->call("LEAVE");
    Control->close();
    if (Session(NewPeer).healthy())
      Control.emplace(NewPeer);
    Control->call("JOIN"); // BUG: use-after-close
  }

  void onBrokerError() {
    Events->close();
    if (Cfg.Reconnect)
      Events = kafka::createProducer(Cfg.Brokers);
    Events->send({"client-events", "broker error handled"}); // BUG: use-after-close
  }

  void restartControl() {
    Control->close();
    Control.reset();
    Control.emplace(Cfg.Peer);
    Control->call("HELLO"); // OK: emplaced on every path
  }

  int rotateJournal(FILE *&Journal, const char *Path, const char *Old) {
    std::fprintf(Journal, "rotating\n");
    std::fclose(Journal);
    if (std::rename(Path, Old) == 0)
      Journal = std::fopen(Path, "a");
    return std::fprintf(Journal, "journal started\n"); // BUG: use-after-close
  }

  void reopenAudit(int &Fd, const char *Path, bool Rotate) {
    ::close(Fd);
    if (Rotate)
      Fd = ::open(Path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
    ::write(Fd, "audit reopened\n", 15); // BUG: use-after-close
  }

private:
  ClientConfig Cfg;
  std::unique_ptr<kafka::KafkaProducer> Events;
  std::optional<Session> Control;
};

int main() {
  ClusterClient C(ClientConfig{});
  C.refreshControl("");
  C.onBrokerError();
  C.restartControl();
  FILE *J = std::fopen("/tmp/client.journal", "a");
  if (J)
    C.rotateJournal(J, "/tmp/client.journal", "/tmp/client.journal.1");
  return 0;
}
