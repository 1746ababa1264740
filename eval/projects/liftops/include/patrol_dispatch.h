// DispatchChannel: the ski patrol dispatch channel. Components post
// incidents; handlers registered with onIncident() run on the posting thread.
// post() after close() throws; close() throws when already closed; removing
// a handler is allowed at any time.
#pragma once
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace liftops {

struct Incident {
  std::string source;
  std::string text;
  int severity = 1;
};

class DispatchChannel {
public:
  using Handler = std::function<void(const Incident &)>;

  explicit DispatchChannel(std::string name);
  ~DispatchChannel();

  int onIncident(Handler handler);
  void removeHandler(int token);
  void post(const Incident &incident);
  void close();
  bool isOpen() const;

private:
  mutable std::mutex mu_;
  std::string name_;
  std::map<int, Handler> handlers_;
  std::vector<Incident> log_;
  int nextToken_ = 1;
  bool open_ = true;
};

} // namespace liftops
