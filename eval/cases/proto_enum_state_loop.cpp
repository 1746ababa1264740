// A connection with an enum state returns an error from write() once it is
// down; the loop shuts it down in the first iteration and writes again in
// the next one.
#include <vector>

enum class ConnState { Open, Closing, Closed };

class Connection {
public:
  bool write(int v) {
    if (state_ != ConnState::Open)
      return false;
    out_.push_back(v);
    return true;
  }
  void shutdown() { state_ = ConnState::Closed; }

private:
  ConnState state_ = ConnState::Open;
  std::vector<int> out_;
};

void pump(Connection &c, const std::vector<int> &items) {
  for (int v : items) {
    c.write(v); // BUG: use-after-close
    if (v < 0)
      c.shutdown();
  }
}
