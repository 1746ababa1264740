// Warehouse wave planning: pick lists for each order are computed on the
// project's Scheduler (scheduler.h: it queues callables and runs them on its
// own threads; wait() blocks until every submitted task has finished;
// shutdown() runs what is still queued, joins the threads and is idempotent;
// submit() after shutdown() throws). Tasks append lines to a FILE* manifest
// and push labels to the WMS over a shared net::Connection.
// Negative case: the manifest is closed only after wait() returned, the WMS
// connection is closed only after shutdown() joined the threads, late waves
// are refused by the planner's own flag before they reach submit(), and the
// second shutdown() (from the destructor) is a no-op.
#include "netconn.h"
#include "scheduler.h"

#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct OrderLine {
  std::string sku;
  std::string bin;
  int qty = 0;
};
struct Order {
  std::string id;
  std::vector<OrderLine> lines;
};

class WavePlanner {
public:
  WavePlanner(std::shared_ptr<net::Connection> wms, unsigned threads) : wms_(std::move(wms)), sched_(threads) {}

  bool planWave(const std::string &waveId, const std::vector<Order> &orders) {
    if (!accepting_)
      return false;
    FILE *manifest = std::fopen(("/srv/wms/waves/" + waveId + ".manifest").c_str(), "w");
    if (!manifest)
      return false;
    for (const Order &order : orders) {
      std::shared_ptr<net::Connection> wms = wms_;
      sched_.submit([manifest, wms, order, this] { // OK: accepting_ checked, shutdown() not called yet
        std::string label = order.id + ":";
        for (const OrderLine &l : order.lines) {
          std::fprintf(manifest, "%s %s %s %d\n", order.id.c_str(), l.bin.c_str(), l.sku.c_str(), l.qty); // OK: manifest closed after wait()
          label += l.sku + "x" + std::to_string(l.qty) + ";";
        }
        std::lock_guard<std::mutex> lock(wmsMu_);
        wms->send("LABEL " + label); // OK: the connection is closed only after shutdown() joined the threads
      });
    }
    sched_.wait();
    return std::fclose(manifest) == 0; // OK: wait() returned, no task still writes the manifest
  }

  void close() {
    accepting_ = false;
    sched_.shutdown();
    std::lock_guard<std::mutex> lock(wmsMu_);
    wms_->flush();
    wms_->close();
  }

private:
  std::shared_ptr<net::Connection> wms_;
  std::mutex wmsMu_;
  bool accepting_ = true;
  Scheduler sched_;
};

int main() {
  auto wms = std::make_shared<net::Connection>("wms.dc-east.internal:6100");
  std::vector<Order> morning = {
      {"SO-1001", {{"SKU-88", "A-03-2", 2}, {"SKU-12", "C-11-1", 1}}},
      {"SO-1002", {{"SKU-40", "B-07-4", 6}}},
  };
  std::vector<Order> lateTrucks = {{"SO-1003", {{"SKU-88", "A-03-2", 1}}}};
  {
    WavePlanner planner(wms, 2);
    planner.planWave("wave-0700", morning);
    planner.close();
    planner.planWave("wave-0715", lateTrucks); // OK: refused by accepting_, nothing is submitted
  } // OK: ~Scheduler calls shutdown() again, which returns early
  if (!wms->isClosed())
    wms->send("BYE"); // OK: isClosed() checked first
  return 0;
}
