// A report writer over std::ofstream closes the file on a size limit and
// checks is_open() before writing (correct). good() says nothing about
// whether the stream is still open: a successful close() leaves the state
// good, so writing under `if (out.good())` after the close is a use after
// close (bug). A user's Stream class whose good() includes the closed flag
// guards correctly.
#include <fstream>
#include <stdexcept>
#include <string>

void writeSection(std::ofstream &out, const std::string &text, bool limitReached) {
  if (limitReached)
    out.close();
  if (!out.is_open())
    return;
  out << text << '\n'; // OK
}

void writeSectionGood(std::ofstream &out, const std::string &text, bool limitReached) {
  if (limitReached)
    out.close();
  if (out.good())
    out << text << '\n'; // BUG: use-after-close
}

class Stream {
public:
  void write(const std::string &text) {
    if (closed_)
      throw std::runtime_error("stream is closed");
    buffer_ += text;
  }
  void close() { closed_ = true; }
  bool good() const { return !closed_ && !failed_; }
  bool IsClosed() const { return closed_; }

private:
  std::string buffer_;
  bool closed_ = false;
  bool failed_ = false;
};

void emit(Stream &stream, const std::string &text, bool limitReached) {
  if (limitReached)
    stream.close();
  if (!stream.good())
    return;
  stream.write(text); // OK
  if (stream.IsClosed())
    return;
  stream.write("\n"); // OK
}
