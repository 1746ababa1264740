// Controller for a gelato batch churner: the tub PLC is reached over a small
// TCP link; the controller queues commands while the dasher is spinning and
// flushes them between batches, parks the churner when the tub is full, and
// runs a clean-in-place cycle during which the PLC drops the session.
// Two mistakes: on_tub_full() stops the controller (closing the link) and then
// flushes the pending queue through it; and clean_cycle() reconnects only for
// long cycles but asks for STATUS on every path.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <unistd.h>
#include <vector>

namespace churner {

class TubLink {
 public:
  ~TubLink() { close(); }

  void connect(const std::string& ip, unsigned short port) {
    close();
    int s = ::socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0) throw std::runtime_error("socket failed");
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    ::inet_pton(AF_INET, ip.c_str(), &a.sin_addr);
    if (::connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      ::close(s);
      throw std::runtime_error("tub PLC unreachable");
    }
    fd_ = s;
  }

  void send(const std::string& line) {
    if (fd_ < 0) throw std::runtime_error("tub link closed");
    std::string framed = line + "\r\n";
    if (::send(fd_, framed.data(), framed.size(), MSG_NOSIGNAL) < 0)
      throw std::runtime_error("tub link send failed");
  }

  bool is_closed() const { return fd_ < 0; }

  void close() {
    if (fd_ < 0) return;
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_ = -1;
};

class BatchController {
 public:
  BatchController(std::string ip, unsigned short port) : ip_(std::move(ip)), port_(port) {}
  ~BatchController();

  void start();
  void stop();
  void queue(const std::string& cmd) { pending_.push_back(cmd); }
  void flush_pending();
  void on_tub_full();
  void report_temperature(double celsius);
  void clean_cycle(int minutes);

 private:
  std::string ip_;
  unsigned short port_;
  TubLink link_;
  std::vector<std::string> pending_;
  bool running_ = false;
};

BatchController::~BatchController() {
  stop();  // OK: stop() returns early when the controller was already stopped
}

void BatchController::start() {
  link_.connect(ip_, port_);
  running_ = true;
  link_.send("DASHER ON");  // OK: just connected
}

void BatchController::stop() {
  if (!running_) return;
  running_ = false;
  if (!link_.is_closed()) link_.send("PARK");  // OK: skipped when a clean cycle left the link closed
  link_.close();
}

void BatchController::flush_pending() {
  for (const std::string& cmd : pending_) {
    link_.send(cmd);  // SAME: flush
  }
  pending_.clear();
}

void BatchController::on_tub_full() {
  queue("DASHER OFF");
  queue("DOOR UNLOCK");
  stop();
  flush_pending();  // BUG: use-after-close #flush
}

void BatchController::report_temperature(double celsius) {
  if (!running_ || link_.is_closed()) return;
  link_.send("TEMP " + std::to_string(celsius));  // OK: guarded by running_ and is_closed()
}

void BatchController::clean_cycle(int minutes) {
  flush_pending();
  link_.send("CIP " + std::to_string(minutes));
  link_.close();  // the PLC drops the session while the tub is rinsed
  if (minutes > 30) {
    link_.connect(ip_, port_);
    link_.send("HELLO");  // OK: reconnected on this path
  }
  link_.send("STATUS?");  // BUG: use-after-close
}

}  // namespace churner
