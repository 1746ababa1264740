// A market-data feed registers a callback that captures a shared_ptr to the
// Connection; the Dispatcher stores it as a std::function and fires it on
// every tick. Closing the connection through the local owner and then
// dispatching runs the callback on the closed connection (bug). Dispatching
// before the close is correct.
#include "netconn.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

class Dispatcher {
public:
  using Handler = std::function<void(const std::string &)>;

  void subscribe(Handler handler) { handlers_.push_back(std::move(handler)); }

  void dispatch(const std::string &tick) {
    for (auto &handler : handlers_)
      handler(tick);
  }

private:
  std::vector<Handler> handlers_;
};

void startFeed(Dispatcher &dispatcher) {
  auto upstream = std::make_shared<net::Connection>("tcp://quotes:9000");
  dispatcher.subscribe([upstream](const std::string &tick) {
    upstream->send(tick); // SAME: tick
  });
  dispatcher.dispatch("EURUSD 1.0841"); // OK
  upstream->close();
  dispatcher.dispatch("EURUSD 1.0843"); // BUG: use-after-close #tick
}
