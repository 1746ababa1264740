// Ferry terminal boarding gates. Each gate publishes check-ins to the port
// operator's broker over a StompSession (CONNECT on construction, SEND,
// DISCONNECT with receipt). A gate belongs to one sailing at a time.
// StompSession::send() throws std::logic_error after disconnect();
// disconnect() a second time throws std::logic_error (the receipt wait would
// read from a released descriptor); the destructor releases the descriptor
// only if disconnect() did not run.
// Correct: delaySailing() broadcasts only to gates it did not disconnect;
// evacuate() disconnects only connected gates.
// Defects: cancelSailing() disconnects the sailing's gates and then broadcasts
// to the whole list, closed gates included; endOfDay() disconnects every gate
// although closeGate() already disconnected the gates of departed sailings.
#include <sys/socket.h>
#include <unistd.h>

#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

int dialBroker(const std::string &host);
std::string readFrame(int fd);

class StompSession {
public:
  StompSession(std::string gate, std::string vessel, const std::string &broker)
      : gate_(std::move(gate)), vessel_(std::move(vessel)), fd_(dialBroker(broker)) {
    writeFrame("CONNECT\naccept-version:1.2\nhost:port-ops\n\n");
    if (readFrame(fd_).rfind("CONNECTED", 0) != 0) {
      ::close(fd_);
      throw std::runtime_error("broker refused gate " + gate_);
    }
    connected_ = true;
  }
  ~StompSession() {
    if (connected_)
      ::close(fd_);
  }
  StompSession(const StompSession &) = delete;
  StompSession &operator=(const StompSession &) = delete;

  void send(const std::string &dest, const std::string &body) {
    if (!connected_)
      throw std::logic_error("gate " + gate_ + " disconnected");
    writeFrame("SEND\ndestination:" + dest + "\n\n" + body);
  }

  void disconnect() {
    if (!connected_)
      throw std::logic_error("gate " + gate_ + " disconnected twice");
    writeFrame("DISCONNECT\nreceipt:bye-" + gate_ + "\n\n");
    readFrame(fd_); // RECEIPT
    ::close(fd_);
    connected_ = false;
  }

  bool connected() const { return connected_; }
  const std::string &vessel() const { return vessel_; }
  const std::string &gate() const { return gate_; }

private:
  void writeFrame(const std::string &frame) {
    std::string wire = frame + '\0';
    ::send(fd_, wire.data(), wire.size(), MSG_NOSIGNAL);
  }
  std::string gate_, vessel_;
  int fd_;
  bool connected_ = false;
};

template <class SessionT>
void broadcast(const std::vector<SessionT *> &sessions, const std::string &dest,
               const std::string &body) {
  for (SessionT *s : sessions)
    s->send(dest, body); // SAME: cancel_bcast
}

void checkIn(StompSession &gate, const std::string &ticket) {
  gate.send("/queue/boarding." + gate.vessel(), "BOARDED " + ticket);
}

void closeGate(StompSession &gate, int boarded) {
  gate.send("/queue/boarding." + gate.vessel(), "GATE-CLOSED " + std::to_string(boarded));
  gate.disconnect();
}

void cancelSailing(const std::vector<StompSession *> &gates, const std::string &vessel) {
  for (StompSession *g : gates)
    if (g->vessel() == vessel)
      g->disconnect();
  broadcast(gates, "/topic/schedule", "CANCELLED " + vessel); // BUG: use-after-close #cancel_bcast
}

void delaySailing(const std::vector<StompSession *> &gates, const std::string &vessel) {
  std::vector<StompSession *> stillOpen;
  for (StompSession *g : gates) {
    if (g->vessel() == vessel)
      g->disconnect();
    else
      stillOpen.push_back(g);
  }
  broadcast(stillOpen, "/topic/schedule", "DELAYED " + vessel); // OK: disconnected gates filtered out
}

void evacuate(const std::vector<StompSession *> &gates) {
  for (StompSession *g : gates)
    if (g->connected())
      g->disconnect(); // OK: guarded by connected()
}

void endOfDay(const std::vector<StompSession *> &gates) {
  for (StompSession *g : gates)
    g->disconnect(); // BUG: double-close
}

void operateTerminal(const std::map<std::string, std::vector<std::string>> &tickets,
                     const std::string &departed, bool fireAlarm) {
  std::vector<std::unique_ptr<StompSession>> owned;
  std::vector<StompSession *> gates;
  int n = 0;
  for (const auto &entry : tickets) {
    owned.push_back(std::make_unique<StompSession>("G" + std::to_string(++n), entry.first, "broker.port:61613"));
    gates.push_back(owned.back().get());
    for (const std::string &t : entry.second)
      checkIn(*owned.back(), t);
  }
  for (StompSession *g : gates)
    if (g->vessel() == departed)
      closeGate(*g, static_cast<int>(tickets.at(departed).size()));
  if (fireAlarm)
    evacuate(gates);
  else
    endOfDay(gates);
}
