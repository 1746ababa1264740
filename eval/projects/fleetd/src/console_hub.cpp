// ConsoleHub: keeps one connection per configured dispatcher console and
// pushes every published alert to all of them. A console whose connection
// failed is closed and dropped at the next broadcast.
#include "console_hub.h"

#include <algorithm>
#include <exception>
#include <set>

#include "diagnostics.h"

namespace fleetd {

ConsoleHub::ConsoleHub(Diagnostics &diag) : diag_(diag) {}

bool ConsoleHub::has(const std::string &endpoint) const {
  return std::any_of(consoles_.begin(), consoles_.end(), [&](const net::Connection &c) {
    return c.endpoint() == endpoint && !c.isClosed();
  });
}

void ConsoleHub::connect(const std::vector<std::string> &endpoints) {
  for (const std::string &ep : endpoints)
    if (!has(ep))
      consoles_.emplace_back(ep);
}

void ConsoleHub::broadcast(const std::string &line) {
  for (net::Connection &c : consoles_) {
    if (c.isClosed())
      continue;
    try {
      c.send(line); // OK
    } catch (const std::exception &e) {
      diag_.printf("console %s: %s", c.endpoint().c_str(), e.what());
      c.close();
    }
  }
  consoles_.erase(std::remove_if(consoles_.begin(), consoles_.end(),
                                 [](const net::Connection &c) { return c.isClosed(); }),
                  consoles_.end());
}

void ConsoleHub::applyEndpoints(const std::vector<std::string> &endpoints) {
  std::set<std::string> wanted(endpoints.begin(), endpoints.end());
  for (net::Connection &c : consoles_) {
    if (!wanted.count(c.endpoint()))
      c.close();
  }
  connect(endpoints);
  for (net::Connection &c : consoles_)
    c.send("# console configuration reloaded"); // BUG: use-after-close
  diag_.printf("dispatcher consoles: %zu configured", endpoints.size());
}

void ConsoleHub::closeAll() {
  for (net::Connection &c : consoles_)
    c.close(); // OK
  consoles_.clear();
}

std::size_t ConsoleHub::connected() const {
  return static_cast<std::size_t>(std::count_if(
      consoles_.begin(), consoles_.end(), [](const net::Connection &c) { return !c.isClosed(); }));
}

} // namespace fleetd
