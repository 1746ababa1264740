// Ships a job's log lines to Kafka, spooling locally while Kafka is down.
#pragma once
#include <condition_variable>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace buildfarm {

class LogTailer;
class ReconnectingProducer;
class ShutdownRegistry;

// start(jobId, logPath) tails the job's log and starts the pump thread
// (false when the log cannot be opened for tailing), which sends new lines to the log topic; while the producer is unavailable
// the lines go to a local spool file (std::optional<std::ofstream>) that is
// replayed once the producer is back. stop() stops and joins the pump,
// ships the last lines and closes the tailer; while lines are waiting in
// the spool it also saves a checkpoint of how far the tail got, so that a
// restarted agent can resume. stop() twice is harmless. publishMarker() sends a marker record right away. The
// producer is shared with the metrics reporter and is closed by the hook
// registerHooks() installs, so publishMarker() must not be called after
// that hook ran.
class LogStreamer {
public:
  LogStreamer(ReconnectingProducer &producer, std::string topic,
              std::string spoolPath, std::string checkpointPath);
  ~LogStreamer();

  bool start(const std::string &jobId, const std::string &logPath);
  void stop();
  void publishMarker(const std::string &text);
  void registerHooks(ShutdownRegistry &hooks);

private:
  void pump();
  void ship(const std::string &line);
  void spoolLine(const std::string &line);
  void replaySpool();
  void saveCheckpoint(long offset);

  ReconnectingProducer &producer_;
  std::string topic_;
  std::string spoolPath_;
  std::string checkpointPath_;
  std::string jobId_;
  std::unique_ptr<LogTailer> tailer_;
  std::optional<std::ofstream> spool_;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread pump_;
};

} // namespace buildfarm
