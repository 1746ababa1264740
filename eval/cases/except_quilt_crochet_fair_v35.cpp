// Quilt and crochet fair: each stall's card till uploads its sales to the organisers
// over a TillSession. upload_day() disconnects in the handler when a post fails and
// then falls through to the summary post, which goes to the disconnected session.
// upload_day_checked() tests connected() before the summary, upload_and_leave() ends
// its try with the noexcept disconnect() (so the handler only runs while still
// connected), and refund() disconnects in the handler and rethrows.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct Sale {
  std::string item;
  int pence;
};

class TillSession {
 public:
  explicit TillSession(std::string stall) : stall_(std::move(stall)) {}

  void post(const Sale& s) {
    if (!connected_) throw std::runtime_error("till session for " + stall_ + " disconnected");
    if (s.pence < 0) throw std::invalid_argument("negative sale " + s.item);
    total_ += s.pence;
  }

  void post_summary(int pence) {
    if (!connected_) throw std::runtime_error("till session for " + stall_ + " disconnected");
    std::printf("%s total %d\n", stall_.c_str(), pence);
  }

  void disconnect() noexcept { connected_ = false; }
  bool connected() const noexcept { return connected_; }

 private:
  std::string stall_;
  int total_ = 0;
  bool connected_ = true;
};

static int total_of(const std::vector<Sale>& sales) {
  int t = 0;
  for (const Sale& s : sales) t += s.pence;
  return t;
}

void upload_day(TillSession& till, const std::vector<Sale>& sales) {
  try {
    for (const Sale& s : sales) till.post(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "till error: %s\n", e.what());
    till.disconnect();
  }
  till.post_summary(total_of(sales));  // BUG: use-after-close
}

void upload_day_checked(TillSession& till, const std::vector<Sale>& sales) {
  try {
    for (const Sale& s : sales) till.post(s);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "till error: %s\n", e.what());
    till.disconnect();
  }
  if (till.connected()) till.post_summary(total_of(sales));  // OK: checked after the handler
}

void upload_and_leave(TillSession& till, const std::vector<Sale>& sales) {
  try {
    for (const Sale& s : sales) till.post(s);
    till.disconnect();
  } catch (const std::invalid_argument&) {
    till.post_summary(0);  // OK: disconnect() is noexcept and last, so it has not run here
    till.disconnect();
  }
}

void refund(TillSession& till, const Sale& original) {
  try {
    till.post(Sale{original.item + " refund", -original.pence});
  } catch (...) {
    till.disconnect();
    throw;
  }
  till.post_summary(-original.pence);  // OK: the handler rethrows
}
