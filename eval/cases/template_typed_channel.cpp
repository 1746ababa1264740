// A typed pub/sub channel template, TypedChannel<Msg>, refuses publish() after
// close() with "channel closed". Quotes and trades each go through their own
// instance: closing the trade channel and publishing a quote is correct (a
// different object); publishing a trade after closing its channel is a bug.
#include <stdexcept>
#include <string>
#include <vector>

struct Quote {
  std::string symbol;
  double bid, ask;
};
struct Trade {
  std::string symbol;
  double price;
  int qty;
};

template <class Msg> class TypedChannel {
public:
  explicit TypedChannel(std::string topic) : topic_(std::move(topic)) {}

  void publish(const Msg &message) {
    if (closed_)
      throw std::logic_error("channel closed: " + topic_);
    backlog_.push_back(message);
  }

  void close() {
    closed_ = true;
    backlog_.clear();
  }

  std::size_t backlog() const { return backlog_.size(); }

private:
  std::string topic_;
  std::vector<Msg> backlog_;
  bool closed_ = false;
};

class MarketGateway {
public:
  MarketGateway() : quotes_("md.quotes"), trades_("md.trades") {}

  void haltTrading(const Quote &last) {
    trades_.close();
    quotes_.publish(last); // OK
  }

  void lateFill(const Trade &fill) {
    trades_.close();
    trades_.publish(fill); // BUG: use-after-close
  }

private:
  TypedChannel<Quote> quotes_;
  TypedChannel<Trade> trades_;
};
