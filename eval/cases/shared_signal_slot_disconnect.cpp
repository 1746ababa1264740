// A small Signal: connect() stores a slot and returns its id, disconnect(id)
// removes it, operator() calls every connected slot on the calling thread; a
// ScopedConnection disconnects its slot when it goes out of scope. The price
// slots send each tick on a Kafka producer. pricesAfterClose() fires the
// signal after closing the producer with the slot still connected: the slot
// sends on the closed producer (bug). disconnectBeforeClose() disconnects
// the slot first, so the later tick reaches no slot that uses the producer
// (correct). scopedSubscription() lets its ScopedConnection disconnect the
// slot before the close (correct).
#include "messaging.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

template <class... Args> class Signal {
public:
  using Slot = std::function<void(Args...)>;
  using Id = std::size_t;

  Id connect(Slot slot) {
    slots_.emplace_back(nextId_, std::move(slot));
    return nextId_++;
  }

  void disconnect(Id id) {
    slots_.erase(std::remove_if(slots_.begin(), slots_.end(),
                                [id](const std::pair<Id, Slot> &entry) { return entry.first == id; }),
                 slots_.end());
  }

  void operator()(Args... args) const {
    for (const auto &entry : slots_)
      entry.second(args...);
  }

private:
  std::vector<std::pair<Id, Slot>> slots_;
  Id nextId_ = 1;
};

template <class Sig> class ScopedConnection {
public:
  ScopedConnection(Sig &signal, typename Sig::Id id) : signal_(signal), id_(id) {}
  ~ScopedConnection() { signal_.disconnect(id_); }
  ScopedConnection(const ScopedConnection &) = delete;
  ScopedConnection &operator=(const ScopedConnection &) = delete;

private:
  Sig &signal_;
  typename Sig::Id id_;
};

using PriceSignal = Signal<const std::string &, double>;

void pricesAfterClose(kafka::KafkaProducer &producer) {
  PriceSignal priceChanged;
  priceChanged.connect([&producer](const std::string &symbol, double price) {
    producer.send({"prices", symbol + "=" + std::to_string(price)}); // SAME: tick
  });
  priceChanged("ACME", 12.50); // OK
  producer.close();
  priceChanged("ACME", 12.75); // BUG: use-after-close #tick
}

void disconnectBeforeClose(kafka::KafkaProducer &producer) {
  PriceSignal priceChanged;
  PriceSignal::Id id = priceChanged.connect([&producer](const std::string &symbol, double price) {
    producer.send({"prices", symbol + "=" + std::to_string(price)}); // OK
  });
  priceChanged("ACME", 12.50); // OK
  priceChanged.disconnect(id);
  producer.close();
  priceChanged("ACME", 12.75); // OK
}

void scopedSubscription(kafka::KafkaProducer &producer) {
  PriceSignal priceChanged;
  {
    ScopedConnection subscription(
        priceChanged, priceChanged.connect([&producer](const std::string &symbol, double price) {
          producer.send({"prices", symbol + "=" + std::to_string(price)}); // OK
        }));
    priceChanged("ACME", 12.50);
  }
  producer.close();
  priceChanged("ACME", 12.75); // OK
}
