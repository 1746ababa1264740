// Destination file of one bulk export. Rows go to <path>.part; finish()
// closes the stream and renames the file into place, abort() closes it and
// removes the partial file. finish() throws std::logic_error when the sink
// is not writing (already finished or aborted); abort() is a no-op then.
#pragma once
#include <fstream>
#include <ostream>
#include <string>

class ExportSink {
public:
  ExportSink() = default;
  ~ExportSink();
  ExportSink(const ExportSink &) = delete;
  ExportSink &operator=(const ExportSink &) = delete;

  bool open(const std::string &finalPath);
  std::ostream &stream();
  void finish();
  void abort();
  bool finished() const { return state_ == State::Finished; }
  const std::string &path() const { return finalPath_; }

private:
  enum class State { Idle, Writing, Finished, Aborted };

  std::ofstream out_;
  std::string finalPath_;
  std::string partPath_;
  State state_ = State::Idle;
};
