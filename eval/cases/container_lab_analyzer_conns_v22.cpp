// Hospital laboratory middleware. The LabHub keeps one net::Connection per
// analyzer (hematology, chemistry, coagulation, ...) in an unordered_map
// keyed by bench name. Orders are dispatched to a bench; QC results are
// acknowledged back on the same connection. net::Connection::send() throws
// "connection closed" once closed; close() is idempotent.
// closeBench() closes a bench but keeps the entry so the status board can
// still show it; replaceBench() erases it and connects a new one.
// Defects: the QC acknowledgement path sends to a closed bench without
// checking, and the night-shift handover keeps a reference to the
// hematology connection across disconnectAll().
#include "netconn.h"

#include <string>
#include <unordered_map>
#include <vector>

namespace lab {

struct Order {
  std::string accession;
  std::string bench;
  std::vector<std::string> tests;
};

class LabHub {
public:
  void connect(const std::string &bench, const std::string &endpoint) {
    benches_.try_emplace(bench, endpoint);
  }

  net::Connection &bench(const std::string &name) { return benches_.at(name); }

  bool dispatch(const Order &order) {
    auto it = benches_.find(order.bench);
    if (it == benches_.end() || it->second.isClosed())
      return false;
    for (const auto &test : order.tests)
      it->second.send("ORC|" + order.accession + "|" + test); // OK: closed benches were rejected above
    return true;
  }

  void acknowledgeQc(const std::string &benchName, const std::string &lot) {
    benches_.at(benchName).send("ACK|QC|" + lot); // SAME: qc_ack
  }

  void closeBench(const std::string &name) {
    auto it = benches_.find(name);
    if (it != benches_.end())
      it->second.close();
  }

  void replaceBench(const std::string &name, const std::string &endpoint) {
    benches_.erase(name);
    benches_.try_emplace(name, endpoint);
    benches_.at(name).send("HELLO|" + name); // OK: freshly inserted connection
  }

  void disconnectAll() {
    for (auto &entry : benches_)
      entry.second.close();
  }

private:
  std::unordered_map<std::string, net::Connection> benches_;
};

} // namespace lab

void dayShift(lab::LabHub &hub) {
  hub.connect("hematology", "tcp://10.8.1.21:5100");
  hub.connect("chemistry", "tcp://10.8.1.22:5100");
  hub.connect("coagulation", "tcp://10.8.1.23:5100");

  hub.dispatch({"A1001", "chemistry", {"NA", "K", "CL"}});
  hub.acknowledgeQc("chemistry", "LOT-77");

  // Chemistry analyzer reports a reagent fault: take it offline.
  hub.closeBench("chemistry");
  hub.dispatch({"A1002", "chemistry", {"GLU"}}); // OK: dispatch() checks isClosed()
  hub.bench("coagulation").send("ORC|A1003|PT"); // OK: a different bench than the one closed
  hub.acknowledgeQc("chemistry", "LOT-78"); // BUG: use-after-close #qc_ack

  hub.replaceBench("chemistry", "tcp://10.8.1.32:5100");
  hub.dispatch({"A1004", "chemistry", {"GLU"}}); // OK: replacement connection is open
}

void nightHandover(lab::LabHub &hub, const std::vector<lab::Order> &backlog) {
  net::Connection &heme = hub.bench("hematology");
  heme.flush();
  hub.disconnectAll();
  for (const auto &order : backlog)
    if (order.bench == "hematology")
      heme.send("ORC|" + order.accession + "|CBC"); // BUG: use-after-close
  hub.dispatch({"A2001", "hematology", {"CBC"}}); // OK: dispatch() rejects the closed bench
}
