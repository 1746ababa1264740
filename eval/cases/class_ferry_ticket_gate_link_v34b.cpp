// Ticket gate of a car ferry: the gate reports every scanned boarding pass to
// the purser's server over a TCP link. GateLink owns the socket; TicketGate
// is the gate's controller. Two mistakes: on_power_fail() stops the link and
// then persist() flushes the pending scans into it, and shift_change() keeps
// sending after a failed reopen() (which has already stopped the old link).
#include <arpa/inet.h>
#include <cerrno>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

class GateLink {
public:
  ~GateLink() { stop(); }
  bool reopen(const sockaddr_in &addr);
  void send_scan(const std::string &pass_id);
  void flush();
  void stop();
  bool connected() const { return fd_ >= 0; }

private:
  int fd_ = -1;
  std::vector<std::string> pending_;
};

bool GateLink::reopen(const sockaddr_in &addr) {
  stop();
  fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd_ < 0)
    return false;
  if (::connect(fd_, reinterpret_cast<const sockaddr *>(&addr), sizeof addr) != 0) {
    ::close(fd_);
    fd_ = -1;
    return false;
  }
  return true;
}

void GateLink::send_scan(const std::string &pass_id) {
  if (fd_ < 0)
    throw std::runtime_error("gate link closed");
  pending_.push_back(pass_id);
  if (pending_.size() >= 8)
    flush();
}

void GateLink::flush() {
  if (fd_ < 0)
    throw std::runtime_error("gate link closed: cannot flush");
  for (const auto &p : pending_) {
    std::string line = "SCAN " + p + "\n";
    if (::send(fd_, line.data(), line.size(), MSG_NOSIGNAL) < 0)
      throw std::runtime_error("gate link send failed");
  }
  pending_.clear();
}

void GateLink::stop() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

class TicketGate {
public:
  explicit TicketGate(sockaddr_in purser) : purser_(purser) {}
  bool open_gate();
  void scan(const std::string &pass_id);
  void on_power_fail();
  void shift_change();
  void close_gate();

private:
  void persist();
  sockaddr_in purser_;
  GateLink link_;
  int scanned_ = 0;
};

bool TicketGate::open_gate() {
  if (!link_.reopen(purser_))
    return false;
  link_.send_scan("GATE-OPEN"); // OK: reopen() succeeded
  return true;
}

void TicketGate::scan(const std::string &pass_id) {
  if (!link_.connected())
    return;
  link_.send_scan(pass_id); // OK: guarded by connected()
  ++scanned_;
}

void TicketGate::persist() {
  link_.flush(); // SAME: persist
}

void TicketGate::on_power_fail() {
  link_.stop();
  persist(); // BUG: use-after-close #persist
}

void TicketGate::shift_change() {
  if (link_.connected())
    persist(); // OK: guarded by connected()
  bool ok = link_.reopen(purser_);
  if (!ok)
    scanned_ = 0;
  link_.send_scan("SHIFT"); // BUG: use-after-close
}

void TicketGate::close_gate() {
  if (link_.connected()) {
    link_.send_scan("GATE-CLOSED"); // OK: guarded
    link_.flush(); // OK: guarded
  }
  link_.stop();
  link_.stop(); // OK: stop() is idempotent, it tests fd_ and sets it to -1
}
