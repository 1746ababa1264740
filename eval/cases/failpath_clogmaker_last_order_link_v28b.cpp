// Clog maker's last orders. A clog workshop sends orders for wooden lasts (the
// foot forms its uppers are shaped on) to the last-maker over a
// net::Connection. sendOrder() announces an order and, when the foot
// measurements are out of the last-maker's range, voids it, closes the
// connection and returns false; requireWidth() closes the connection and
// throws for a width fitting the last-maker cannot carve. The bench submits
// the day's orders; the rush desk submits its own.
#include "netconn.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct LastOrder {
  std::string ref;
  int sizeEu;
  char width;
  bool pair;
};

static bool sendOrder(net::Connection &c, const LastOrder &o) {
  c.send("order " + o.ref); // SAME: clog_order
  if (o.sizeEu < 30 || o.sizeEu > 50) {
    c.send("void " + o.ref + ": size " + std::to_string(o.sizeEu));
    c.close();
    return false;
  }
  c.send(o.ref + " size=" + std::to_string(o.sizeEu) + " width=" + o.width +
         (o.pair ? " pair" : " single"));
  return true;
}

class UnsupportedWidth : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static void requireWidth(net::Connection &c, const LastOrder &o) {
  if (o.width >= 'A' && o.width <= 'H')
    return;
  c.close();
  throw UnsupportedWidth("width " + std::string(1, o.width) + " on " + o.ref);
}

bool submitBench(net::Connection &c, const std::vector<LastOrder> &orders) {
  for (const LastOrder &o : orders) {
    if (!sendOrder(c, o)) {
      std::fprintf(stderr, "bench order %s voided\n", o.ref.c_str());
      return false;
    }
  }
  c.flush(); // OK
  c.close();
  return true;
}

void submitBespoke(net::Connection &c, const LastOrder &o) {
  requireWidth(c, o);
  c.send("bespoke " + o.ref); // OK
  if (sendOrder(c, o))
    c.flush(); // OK
}

void submitRush(net::Connection &c, const std::vector<LastOrder> &orders) {
  for (const LastOrder &o : orders)
    sendOrder(c, o); // BUG: use-after-close #clog_order
  c.flush(); // BUG: use-after-close
  c.close(); // OK
}

int submitAll(net::Connection &c, const std::vector<LastOrder> &orders) {
  int sent = 0;
  for (const LastOrder &o : orders) {
    try {
      requireWidth(c, o);
    } catch (const UnsupportedWidth &e) {
      std::fprintf(stderr, "%s\n", e.what());
      return sent;
    }
    if (!sendOrder(c, o)) // OK
      return sent;
    ++sent;
  }
  c.close();
  return sent;
}
