// In-process order pipeline built on a bounded Channel<T> template, used as
// Channel<Order>, Channel<std::string> and Channel<int>. sealOrders() closes
// the order channel at the end of the trading session; a late order from the
// retry queue is then ingested into the closed channel, and shutdown() closes
// the order channel a second time.
#include <cstddef>
#include <deque>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct ChannelClosed : std::runtime_error {
  explicit ChannelClosed(const std::string &name)
      : std::runtime_error("channel closed: " + name) {}
};

// Bounded FIFO. push() throws ChannelClosed once close() was called (pop()
// keeps draining what is left); close() twice throws std::logic_error.
template <typename T> class Channel {
public:
  Channel(std::string name, std::size_t capacity)
      : name_(std::move(name)), capacity_(capacity) {}

  void push(T value) {
    if (closed_)
      throw ChannelClosed(name_);
    if (items_.size() >= capacity_)
      throw std::overflow_error("channel full: " + name_);
    items_.push_back(std::move(value));
  }

  std::optional<T> pop() {
    if (items_.empty())
      return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }

  void close() {
    if (closed_)
      throw std::logic_error("channel closed twice: " + name_);
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  std::string name_;
  std::size_t capacity_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <typename T> void closeIfOpen(Channel<T> &ch) {
  if (!ch.closed())
    ch.close();
}

struct Order {
  std::string id;
  int qty;
  double px;
};

class Pipeline {
public:
  Pipeline() : orders_("orders", 1024), audit_("audit", 4096), fills_("fills", 1024) {}

  void ingest(const Order &o) {
    orders_.push(o); // SAME: late_ingest
    audit_.push("ingest " + o.id);
  }

  void sealOrders() {
    orders_.close();
    audit_.push("orders sealed"); // OK: audit_ is a different channel than the one just closed
  }

  int match() {
    int matched = 0;
    while (std::optional<Order> o = orders_.pop()) { // OK: pop() drains a closed channel
      fills_.push(o->qty);
      ++matched;
    }
    return matched;
  }

  void shutdown() {
    orders_.close(); // SAME: seal_then_shutdown
    closeIfOpen(audit_);
    closeIfOpen(fills_);
  }

private:
  Channel<Order> orders_;
  Channel<std::string> audit_;
  Channel<int> fills_;
};

int main() {
  Pipeline pipeline;
  const std::vector<Order> session = {{"o-1", 100, 10.5}, {"o-2", 50, 10.6}};
  const std::vector<Order> retries = {{"o-3", 25, 10.55}};

  for (const Order &o : session)
    pipeline.ingest(o);
  pipeline.sealOrders();
  std::cout << "matched " << pipeline.match() << " orders\n";

  for (const Order &o : retries) {
    try {
      pipeline.ingest(o); // BUG: use-after-close #late_ingest
    } catch (const std::exception &e) {
      std::cerr << "ingest error: " << e.what() << "\n";
    }
  }

  try {
    pipeline.shutdown(); // BUG: double-close #seal_then_shutdown
  } catch (const std::exception &e) {
    std::cerr << "shutdown failed: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
