// Place-name (toponymy) office that telexes gazetteer amendments, each framed as a
// "cartouche", to the national mapping agency. The helpers hang up the TelexLine only on
// their error paths: handshake() returns an error Status, send_cartouche() returns false,
// and check_ack() calls the [[noreturn]] give_up(), which throws. publish_careless ignores
// handshake()'s Status, and publish_all ignores send_cartouche()'s result inside a loop,
// so the next cartouche goes out on a line that may have been hung up.
#include <unistd.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class Status {
 public:
  static Status ok() { return Status(""); }
  static Status error(std::string why) { return Status(std::move(why)); }
  bool is_ok() const { return why_.empty(); }
  const std::string& why() const { return why_; }

 private:
  explicit Status(std::string why) : why_(std::move(why)) {}
  std::string why_;
};

struct TelexError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class TelexLine {
 public:
  explicit TelexLine(int fd) : fd_(fd) {}
  // Returns false when the text did not go out in full (line noise, carrier lost).
  bool send(const std::string& text) {
    if (hung_up_) throw std::runtime_error("telex line hung up");
    return ::write(fd_, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  }
  bool answerback_ok() {
    if (hung_up_) throw std::runtime_error("telex line hung up");
    char buf[21];
    return ::read(fd_, buf, sizeof buf) > 0;
  }
  void hang_up() {
    if (hung_up_) throw std::runtime_error("telex line hung up twice");
    hung_up_ = true;
    ::close(fd_);
  }
  bool hung_up() const { return hung_up_; }

 private:
  int fd_;
  bool hung_up_ = false;
};

[[noreturn]] static void give_up(TelexLine& line, const std::string& why) {
  line.hang_up();
  throw TelexError(why);
}

static Status handshake(TelexLine& line) {
  if (!line.send("WRU")) {
    line.hang_up();
    return Status::error("no answerback");
  }
  return Status::ok();
}

static bool send_cartouche(TelexLine& line, const std::string& amendment) {
  if (!line.send("ZCZC " + amendment + " NNNN")) {  // SAME: cartouche
    line.hang_up();
    return false;
  }
  return true;
}

static void check_ack(TelexLine& line) {
  if (!line.answerback_ok()) give_up(line, "no acknowledgement");
}

Status publish(TelexLine& line, const std::vector<std::string>& amendments) {
  Status s = handshake(line);
  if (!s.is_ok()) return s;
  for (const auto& a : amendments) {
    if (!send_cartouche(line, a)) return Status::error("line dropped at " + a);  // OK: stops at the first failure
  }
  check_ack(line);
  line.send("END OF AMENDMENTS");  // OK: check_ack throws after hanging up
  line.hang_up();
  return Status::ok();
}

void publish_careless(TelexLine& line, const std::string& amendment) {
  handshake(line);
  line.send("ZCZC " + amendment + " NNNN");  // BUG: use-after-close
}

void publish_all(TelexLine& line, const std::vector<std::string>& amendments) {
  if (!handshake(line).is_ok()) return;
  for (const auto& a : amendments) {
    send_cartouche(line, a);  // BUG: use-after-close #cartouche
  }
}

void publish_or_requeue(TelexLine& line, const std::vector<std::string>& amendments,
                        std::vector<std::string>& requeue) {
  if (!handshake(line).is_ok()) {
    requeue = amendments;
    return;
  }
  for (std::size_t i = 0; i < amendments.size(); ++i) {
    if (!send_cartouche(line, amendments[i])) {
      requeue.assign(amendments.begin() + static_cast<std::ptrdiff_t>(i), amendments.end());
      return;
    }
  }
  line.send("END");  // OK: every failure path returned
}

void confirm(TelexLine& line) {
  try {
    check_ack(line);
  } catch (const TelexError&) {
    return;
  }
  line.send("CFM");  // OK: the failure path hung up and threw
}
