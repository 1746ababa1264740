// TalkbackSession: one talkback recording shared by the sites of an outside
// broadcast; a new take starts every time the recording is restarted.
#pragma once
#include "talkback_take.h"
#include <memory>
#include <set>
#include <string>

class TalkbackSession {
public:
  explicit TalkbackSession(std::string directory);
  void join(const std::string &site);
  /// Returns true when the last site has left.
  bool leave(const std::string &site);
  bool restart();
  TalkbackRecorder *activeTake() { return take_.get(); }

private:
  std::string directory_;
  std::set<std::string> sites_;
  std::unique_ptr<TalkbackRecorder> take_;
  int takeNo_ = 0;
};
