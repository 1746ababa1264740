// The cue stack player: fires the show's cues in order on each GO and keeps
// a cue log (what fired, when) next to the prompt book.
#pragma once
#include <fstream>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace cued {

class StackPlayer {
public:
  enum class State { Idle, Live, Stopped };
  using Listener = std::function<void(const std::string &cue)>;

  /// Loads the stack file and opens the cue log. Throws std::runtime_error.
  void open(const std::string &stackPath, const std::string &logPath);
  /// Fires the next cue. Throws std::runtime_error once stopped.
  void go();
  void onGo(Listener listener);
  /// Closes the cue log; further GOs are refused. Idempotent.
  void stop();
  /// Stops the stack and notes why.
  void abort(const std::string &why);

  State state() const;
  std::string nextCue() const;

private:
  static std::string stamp();

  mutable std::mutex mu_;
  State state_ = State::Idle;
  std::vector<std::string> cues_;
  std::size_t next_ = 0;
  std::ofstream log_;
  std::vector<Listener> listeners_;
};

} // namespace cued
