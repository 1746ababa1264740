// Negative. PartitionReader is the user's own consumer wrapper: fetch() throws
// "reader shut down" after shutdown(), but resume() returns early once the
// reader is shut down and shutdown() itself returns early when called again,
// so neither is a use of a closed reader. The rebalance handler shuts the
// reader down on a fatal error and then falls through to the common resume()
// and shutdown() calls; fetch() is only reached while the reader is running.
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PartitionReader {
public:
  explicit PartitionReader(std::string topic) : topic_(std::move(topic)) {}

  std::vector<std::string> fetch(std::size_t maxRecords) {
    if (shutDown_)
      throw std::runtime_error("reader shut down: " + topic_);
    if (paused_)
      return {};
    return std::vector<std::string>(maxRecords, topic_);
  }

  void pause() {
    if (shutDown_)
      return;
    paused_ = true;
  }

  void resume() {
    if (shutDown_)
      return;
    paused_ = false;
    ++resumes_;
  }

  void shutdown() {
    if (shutDown_)
      return;
    shutDown_ = true;
    paused_ = false;
  }

  bool isShutDown() const { return shutDown_; }

private:
  std::string topic_;
  int resumes_ = 0;
  bool paused_ = false;
  bool shutDown_ = false;
};

enum class RebalanceOutcome { Assigned, Revoked, Fatal };

class RebalanceHandler {
public:
  explicit RebalanceHandler(PartitionReader &reader) : reader_(reader) {}

  void onRebalance(RebalanceOutcome outcome) {
    reader_.pause();
    if (outcome == RebalanceOutcome::Fatal)
      reader_.shutdown();
    else if (outcome == RebalanceOutcome::Revoked)
      committed_ = false;
    reader_.resume(); // OK: resume() returns early when the reader is shut down
  }

  void stop() {
    reader_.shutdown();
    reader_.shutdown(); // OK: shutdown() returns early when already shut down
  }

private:
  PartitionReader &reader_;
  bool committed_ = true;
};

std::size_t consumeUntilFatal(PartitionReader &reader,
                              const std::vector<RebalanceOutcome> &events) {
  RebalanceHandler handler(reader);
  std::size_t consumed = 0;
  for (RebalanceOutcome event : events) {
    handler.onRebalance(event);
    if (reader.isShutDown())
      break;
    consumed += reader.fetch(16).size(); // OK: the loop leaves as soon as the reader is shut down
  }
  handler.stop();
  reader.resume(); // OK: a no-op on a shut-down reader
  return consumed;
}
