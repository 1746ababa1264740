// TalkbackRecorder: records the producer talkback of an outside broadcast to
// a raw file; the file is closed by the destructor.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

class TalkbackRecorder {
public:
  explicit TalkbackRecorder(const std::string &path);
  ~TalkbackRecorder();
  TalkbackRecorder(const TalkbackRecorder &) = delete;
  TalkbackRecorder &operator=(const TalkbackRecorder &) = delete;

  bool ok() const { return fd_ >= 0; }
  void write(const std::vector<int16_t> &pcm);
  void writeMarker(const std::string &text);

private:
  std::string path_;
  int fd_ = -1;
};
