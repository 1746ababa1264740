// Florist's relay (flowers-by-wire): wreath, corsage and boutonniere orders go to the partner
// shop over a WireOrderChannel. The order helpers shut the channel down only when the order or
// the partner's answer is bad, then report it: send_header() returns a negative error code,
// confirm() returns an empty optional, validate() calls the [[noreturn]] reject() which throws.
// Callers that stop on those results are fine; the corsage path discards the error code, the
// bouquet path sends even without a receipt, and the wedding batch keeps going after a rejected
// order on the same channel (the next good order is sent on it, the next bad one shuts it again).
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct OrderError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Order {
  std::string recipient;
  std::string item;
  int stems;
};

struct Receipt {
  std::string id;
};

class WireOrderChannel {
 public:
  explicit WireOrderChannel(int fd) : fd_(fd) {}
  ~WireOrderChannel() {
    if (fd_ >= 0) ::close(fd_);
  }
  void send_line(const std::string& text) {
    if (fd_ < 0) throw std::runtime_error("wire order channel shut down");
    std::string line = text + "\n";
    if (::write(fd_, line.data(), line.size()) != static_cast<ssize_t>(line.size()))
      throw std::runtime_error("wire order channel: write failed");
  }
  std::string read_line() {
    if (fd_ < 0) throw std::runtime_error("wire order channel shut down");
    char buf[80];
    ssize_t n = ::read(fd_, buf, sizeof buf);
    return n > 0 ? std::string(buf, static_cast<size_t>(n)) : std::string();
  }
  void shutdown() {
    if (fd_ < 0) throw std::runtime_error("wire order channel already shut down");
    ::close(fd_);
    fd_ = -1;
  }

 private:
  int fd_;
};

[[nodiscard]] int send_header(WireOrderChannel& ch, const Order& o) {
  if (o.recipient.empty()) {
    ch.shutdown();
    return -EINVAL;
  }
  ch.send_line("ORDER " + o.item + " FOR " + o.recipient);
  return 0;
}

std::optional<Receipt> confirm(WireOrderChannel& ch) {
  std::string reply = ch.read_line();
  if (reply.rfind("ACK ", 0) != 0) {
    ch.shutdown();
    return std::nullopt;
  }
  return Receipt{reply.substr(4)};
}

[[noreturn]] void reject(WireOrderChannel& ch, const std::string& why) {
  ch.shutdown();  // SAME: reject
  throw OrderError(why);
}

void validate(WireOrderChannel& ch, const Order& o) {
  if (o.stems <= 0) reject(ch, "no stems in " + o.item);
}

bool place_wreath(WireOrderChannel& ch, const Order& o) {
  if (send_header(ch, o) != 0) return false;
  ch.send_line("RIBBON: In loving memory");  // OK: header succeeded
  return true;
}

void place_corsage(WireOrderChannel& ch, const Order& o) {
  (void)send_header(ch, o);
  ch.send_line("PIN: pearl");  // BUG: use-after-close
}

void place_boutonniere(WireOrderChannel& ch) {
  std::optional<Receipt> r = confirm(ch);
  if (!r) return;
  ch.send_line("THANKS " + r->id);  // OK: confirm() succeeded
}

void place_bouquet(WireOrderChannel& ch) {
  std::optional<Receipt> r = confirm(ch);
  ch.send_line(r ? "THANKS " + r->id : std::string("PENDING"));  // BUG: use-after-close
}

void single_order(WireOrderChannel& ch, const Order& o) {
  validate(ch, o);
  ch.send_line("STEMS " + std::to_string(o.stems));  // OK: validate() throws after the shutdown
}

void wedding_batch(WireOrderChannel& ch, const std::vector<Order>& orders) {
  for (const Order& o : orders) {
    try {
      validate(ch, o);  // BUG: double-close #reject
      ch.send_line("STEMS " + std::to_string(o.stems));  // BUG: use-after-close
    } catch (const OrderError& e) {
      std::fprintf(stderr, "skipping order: %s\n", e.what());
      continue;
    }
  }
}

void wedding_batch_fixed(WireOrderChannel& ch, const std::vector<Order>& orders) {
  for (const Order& o : orders) {
    try {
      validate(ch, o);
      ch.send_line("STEMS " + std::to_string(o.stems));  // OK: the handler leaves the loop
    } catch (const OrderError& e) {
      std::fprintf(stderr, "batch stopped: %s\n", e.what());
      return;
    }
  }
}
