// Parking garage gate control. Barrier gates are driven through a pool of
// controller links; the pool is a class template over the link type.
// ConnectionPool<Link> semantics: acquire() returns nullptr once the pool is
// shut down; release() of a link after shutdown closes that link instead of
// pooling it; shutdown() closes every idle link and is idempotent.
// GateLink semantics: command() throws std::runtime_error once closed;
// close() is idempotent.
// Negative case: every command is sent on a link obtained from acquire() and
// checked for nullptr, links are only closed by the pool when they are idle
// or handed back, and the second shutdown() is documented as a no-op.
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace garage {

class GateLink {
public:
  explicit GateLink(std::string controller) : controller_(std::move(controller)) {}
  void command(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("gate link closed: " + controller_);
    last_ = cmd;
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string controller_;
  std::string last_;
  bool closed_ = false;
};

template <typename Link> class ConnectionPool {
public:
  ConnectionPool(std::string controller, std::size_t size) : controller_(std::move(controller)) {
    for (std::size_t i = 0; i < size; ++i)
      idle_.push_back(std::make_unique<Link>(controller_));
  }
  ~ConnectionPool() { shutdown(); }

  std::unique_ptr<Link> acquire() {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_)
      return nullptr;
    if (idle_.empty())
      return std::make_unique<Link>(controller_);
    std::unique_ptr<Link> link = std::move(idle_.back());
    idle_.pop_back();
    return link;
  }

  void release(std::unique_ptr<Link> link) {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_) {
      link->close();
      return;
    }
    idle_.push_back(std::move(link));
  }

  void shutdown() {
    std::lock_guard<std::mutex> lock(mu_);
    if (shutdown_)
      return;
    shutdown_ = true;
    for (auto &link : idle_)
      link->close();
    idle_.clear();
  }

private:
  std::string controller_;
  std::mutex mu_;
  std::vector<std::unique_ptr<Link>> idle_;
  bool shutdown_ = false;
};

class GateController {
public:
  explicit GateController(ConnectionPool<GateLink> &pool) : pool_(pool) {}

  bool openBarrier(int lane, const std::string &plate) {
    auto link = pool_.acquire();
    if (!link)
      return false;
    link->command("OPEN " + std::to_string(lane) + " " + plate); // OK: fresh link from a live pool
    pool_.release(std::move(link));
    return true;
  }

  // A ticket is being validated when the evening shutdown starts: the link
  // held here is not idle, so shutdown() does not close it.
  bool validateDuringShutdown(int lane) {
    auto link = pool_.acquire();
    if (!link)
      return false;
    pool_.shutdown();
    link->command("BEEP " + std::to_string(lane)); // OK: held links are not closed by shutdown()
    pool_.release(std::move(link));
    return true;
  }

private:
  ConnectionPool<GateLink> &pool_;
};

} // namespace garage

int eveningClose() {
  garage::ConnectionPool<garage::GateLink> pool("plc://level-2", 4);
  garage::GateController gates(pool);
  gates.openBarrier(1, "B-XY-1234");
  gates.validateDuringShutdown(2);
  bool opened = gates.openBarrier(3, "M-AB-9876"); // OK: acquire() returns nullptr, nothing is sent
  pool.shutdown(); // OK: shutdown() is idempotent
  return opened ? 1 : 0;
}
