// Fletcher's workshop: batches of arrows (shaft spine, fletching, point
// weight) are reported to an archery club's equipment store. Batches go out
// over a net::Connection to the store, spine-test results over a per-quiver
// connection, and the store's order feed is a Kafka producer shared by the
// packing threads. Negative case: every close sits in a loop but can run only
// once per object - it is followed by return or break, fenced by a local
// flag, run through std::call_once, moved to a state the loop never comes
// back to, or made on a connection opened in that same iteration.
#include "messaging.h"
#include "netconn.h"

#include <mutex>
#include <string>
#include <vector>

struct ArrowBatch {
  std::string quiver;
  int spine;
  int pointGrains;
  int count;
  bool finalOfOrder;
};

static std::string describe(const ArrowBatch &b) {
  return b.quiver + " spine=" + std::to_string(b.spine) +
         " pt=" + std::to_string(b.pointGrains) + " x" + std::to_string(b.count);
}

void shipOrder(net::Connection &store, const std::vector<ArrowBatch> &batches) {
  for (const ArrowBatch &b : batches) {
    store.send(describe(b)); // OK
    if (b.finalOfOrder) {
      store.send("order complete");
      store.close(); // OK
      return;
    }
  }
  store.flush();
}

void shipStandingOrder(net::Connection &store, const std::vector<ArrowBatch> &batches) {
  bool closed = false;
  for (const ArrowBatch &b : batches) {
    if (closed)
      break;
    store.send(describe(b)); // OK
    if (b.finalOfOrder && !closed) {
      store.close(); // OK
      closed = true;
    }
  }
}

void spineTests(const std::vector<ArrowBatch> &batches, const std::string &tester) {
  for (const ArrowBatch &b : batches) {
    net::Connection quiverLink(tester + "/" + b.quiver);
    quiverLink.send("spine " + std::to_string(b.spine));
    quiverLink.close(); // OK
  }
}

class PackingFeed {
public:
  explicit PackingFeed(const std::string &brokers) : producer_(brokers) {}

  void packed(const ArrowBatch &b) {
    std::lock_guard<std::mutex> lock(mu_);
    if (done_)
      return;
    producer_.send({"fletcher.packed", describe(b)});
  }

  void finish() {
    std::call_once(closeOnce_, [this] {
      std::lock_guard<std::mutex> lock(mu_);
      done_ = true;
      producer_.flush();
      producer_.close(); // OK
    });
  }

private:
  std::mutex mu_;
  std::once_flag closeOnce_;
  kafka::KafkaProducer producer_;
  bool done_ = false;
};

void packAll(PackingFeed &feed, const std::vector<ArrowBatch> &batches) {
  for (const ArrowBatch &b : batches) {
    feed.packed(b); // OK
    if (b.finalOfOrder)
      feed.finish();
  }
  feed.finish();
}

void drainSession(net::Connection &store, std::vector<ArrowBatch> &queue) {
  enum class Phase { Sending, Closing, Done } phase = Phase::Sending;
  std::size_t next = 0;
  while (phase != Phase::Done) {
    switch (phase) {
    case Phase::Sending:
      if (next < queue.size())
        store.send(describe(queue[next++]));
      else
        phase = Phase::Closing;
      break;
    case Phase::Closing:
      store.close(); // OK
      phase = Phase::Done;
      break;
    case Phase::Done:
      break;
    }
  }
  queue.clear();
}
