// Routing code keeps a reference to one element of a map of channels. Closing
// the element through the reference and then sending through the map by the
// same key, or closing through the map and sending through the reference,
// reaches the same closed object (bugs).
#include "messaging.h"

#include <map>
#include <string>

class Router {
public:
  Router() {
    routes_["orders"];
    routes_["refunds"];
  }

  void retireOrders() {
    EventChannel &orders = routes_.at("orders");
    orders.send("retiring"); // OK
    orders.close();
    routes_.at("orders").send("retired"); // BUG: use-after-close
  }

  void retireRefunds() {
    EventChannel &refunds = routes_["refunds"];
    routes_["refunds"].close();
    refunds.send("retired"); // BUG: use-after-close
  }

private:
  std::map<std::string, EventChannel> routes_;
};
