// Line filter of a log-shipping tool: lines are pushed through a pipe to a
// reader task (standing in for the filter stage) that validates and counts
// them. PipeChannel is the tool's own pipe class: writeLine() throws
// std::runtime_error("pipe closed") after closeWrite(); closeWrite() called a
// second time throws std::logic_error("write end already closed"); the read
// end stays usable until EOF, and the destructor closes whatever is open.
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <exception>
#include <future>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

class PipeChannel {
public:
  PipeChannel() {
    if (::pipe(Fds) != 0)
      throw std::system_error(errno, std::generic_category(), "pipe");
  }
  ~PipeChannel() {
    if (Fds[0] >= 0)
      ::close(Fds[0]);
    if (Fds[1] >= 0)
      ::close(Fds[1]); // OK: closeWrite() sets Fds[1] to -1
  }
  PipeChannel(const PipeChannel &) = delete;

  void writeLine(const std::string &Line) {
    if (Fds[1] < 0)
      throw std::runtime_error("pipe closed");
    std::string Buf = Line + "\n";
    if (::write(Fds[1], Buf.data(), Buf.size()) < 0)
      throw std::system_error(errno, std::generic_category(), "write");
  }

  void closeWrite() {
    if (Fds[1] < 0)
      throw std::logic_error("write end already closed");
    ::close(Fds[1]);
    Fds[1] = -1;
  }

  bool writable() const { return Fds[1] >= 0; }

  bool readLine(std::string &Out) {
    Out.clear();
    char C;
    while (::read(Fds[0], &C, 1) == 1) {
      if (C == '\n')
        return true;
      Out.push_back(C);
    }
    return !Out.empty();
  }

private:
  int Fds[2] = {-1, -1};
};

// Counts lines until EOF; a line containing a NUL marker means corrupt input.
size_t countValidLines(PipeChannel &Pipe) {
  size_t N = 0;
  std::string Line;
  while (Pipe.readLine(Line)) { // OK: the read end is never closed before the destructor
    if (Line.find("\\0") != std::string::npos)
      throw std::runtime_error("corrupt record: " + Line);
    ++N;
  }
  return N;
}

class LineFilter {
public:
  LineFilter() : Reader(std::async(std::launch::async, [this] { return countValidLines(Pipe); })) {}
  ~LineFilter() {
    if (Pipe.writable())
      Pipe.closeWrite(); // OK: guarded, lets the reader task see EOF
  }

  void feed(const std::vector<std::string> &Lines) {
    for (const std::string &L : Lines) {
      Pipe.writeLine(L); // SAME: budget
      ++Fed;
    }
  }
  size_t fed() const { return Fed; }

  size_t finish() {
    Pipe.closeWrite();
    return Reader.get();
  }

  // The safe variant used by the shipper's shutdown path.
  size_t finishChecked() {
    try {
      Pipe.closeWrite(); // OK: closes the write end once, before waiting on the reader
      return Reader.get();
    } catch (const std::runtime_error &E) {
      std::fprintf(stderr, "filter failed: %s\n", E.what());
      if (Pipe.writable())
        Pipe.closeWrite(); // OK: guarded by writable()
      return 0;
    }
  }

  // Defect: when the reader reports corrupt data, the write end is already
  // closed by finish(), and the cleanup closes it a second time.
  size_t finishOrAbort() {
    try {
      return finish();
    } catch (const std::runtime_error &E) {
      std::fprintf(stderr, "filter failed: %s\n", E.what());
      Pipe.closeWrite(); // BUG: double-close
      return 0;
    }
  }

private:
  PipeChannel Pipe;
  std::future<size_t> Reader;
  size_t Fed = 0;
};

// Stops feeding once the line budget is used up. Defect: the author wrote
// finish() where a break was intended, so the next file is fed into the
// closed pipe.
size_t shipWithBudget(const std::vector<std::vector<std::string>> &Files, size_t Budget) {
  LineFilter Filter;
  size_t Counted = 0;
  for (const std::vector<std::string> &File : Files) {
    Filter.feed(File); // BUG: use-after-close #budget
    if (Filter.fed() >= Budget)
      Counted = Filter.finish();
  }
  return Counted;
}

// Feeds a slow producer with a deadline: when the deadline passes, the write
// end is closed so the reader gets EOF. Defect: the producer thread is not
// told to stop and keeps writing.
size_t shipWithDeadline(const std::vector<std::string> &Lines) {
  PipeChannel Pipe;
  auto Reader = std::async(std::launch::async, [&Pipe] { return countValidLines(Pipe); });
  std::thread Producer([&Pipe, &Lines] {
    for (const std::string &L : Lines) {
      Pipe.writeLine(L); // BUG: use-after-close #deadline
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  Pipe.closeWrite(); // SAME: deadline
  size_t N = Reader.get();
  Producer.join();
  return N;
}

int main() {
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<std::string> File(100, "level=info msg=started");
  try {
    std::printf("%zu\n", shipWithBudget({File, File, File}, 150));
  } catch (const std::exception &E) {
    std::fprintf(stderr, "budgeted run: %s\n", E.what());
  }
  try {
    LineFilter Clean;
    Clean.feed(File); // OK: nothing closed the pipe yet
    std::printf("%zu\n", Clean.finishChecked());
    LineFilter Corrupt;
    Corrupt.feed({"level=info", "bad\\0record"});
    Corrupt.finishOrAbort();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "filter run: %s\n", E.what());
  }
  std::printf("%zu\n", shipWithDeadline(std::vector<std::string>(1000, "level=debug")));
  return 0;
}
