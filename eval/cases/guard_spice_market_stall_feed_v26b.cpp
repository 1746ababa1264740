// Spice market price board. Stall holders' price changes go to the market's
// event channel and Kafka, a daily ledger file is kept per stall, and a
// stall's own price feed is closed when the stall packs up for the day.
#include "messaging.h"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace spice {

class StallFeed {
public:
  explicit StallFeed(std::string stall) : stall_(std::move(stall)) {}
  void publish(const std::string &line) {
    if (closed_)
      throw std::runtime_error("stall feed closed: " + stall_);
    lines_.push_back(line);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::string stall_;
  std::vector<std::string> lines_;
  bool closed_ = false;
};

struct PriceChange {
  std::string spice;
  int centsPer100g = 0;
  bool packUp = false;
};

void relayStall(StallFeed &feed, const std::vector<PriceChange> &changes) {
  std::size_t i = 0;
  while (!feed.closed() && i < changes.size()) {
    const PriceChange &c = changes[i++];
    feed.publish(c.spice + " " + std::to_string(c.centsPer100g)); // OK
    if (c.packUp) {
      feed.close();
      feed.publish("stall closed for the day"); // BUG: use-after-close
    }
  }
}

void announce(EventChannel &board, kafka::KafkaProducer &prices, const PriceChange &c,
              int backlog) {
  if (c.packUp)
    board.close();
  if (!board.isOpen())
    return;
  board.send(c.spice + " now " + std::to_string(c.centsPer100g)); // OK
  if (prices.isClosed() || backlog > 100)
    return;
  prices.send({"spice.prices", c.spice}); // OK
}

void writeLedger(const std::string &path, const std::vector<PriceChange> &changes) {
  std::ofstream ledger(path);
  for (const PriceChange &c : changes) {
    if (c.packUp)
      ledger.close();
    if (!ledger.is_open())
      break;
    ledger << c.spice << ',' << c.centsPer100g << '\n'; // OK
  }
  if (ledger.is_open())
    ledger.close();
  if (ledger.good())
    ledger << "# end of day\n"; // BUG: use-after-close
}

void appendAudit(const char *path, const std::vector<PriceChange> &changes) {
  FILE *audit = std::fopen(path, "a");
  for (const PriceChange &c : changes) {
    if (audit && c.packUp) {
      std::fclose(audit);
      audit = nullptr;
    }
    if (audit)
      std::fprintf(audit, "%s %d\n", c.spice.c_str(), c.centsPer100g); // OK
  }
  if (audit)
    std::fclose(audit); // OK
}

} // namespace spice
