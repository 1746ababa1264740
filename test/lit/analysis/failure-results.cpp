// A helper that closes only on its failure paths and returns the error
// there: a std::error_code that is set, an empty std::optional, or one of
// several non-zero codes. Its callers that go on only on success are not
// after the close.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <cerrno>
#include <cstdio>
#include <optional>
#include <string>
#include <system_error>

std::error_code flushSpool(std::FILE *spool) {
  if (std::fflush(spool) != 0) {
    const int err = errno;
    std::fclose(spool);
    return std::error_code(err, std::generic_category());
  }
  return {};
}

// Negative: the error is returned when set, in the shapes people write.
std::error_code declaredInCondition(std::FILE *spool) {
  if (std::error_code ec = flushSpool(spool))
    return ec;
  std::fputs("COMMIT\n", spool); // OK
  return {};
}
std::error_code storedThenTested(std::FILE *spool) {
  const std::error_code ec = flushSpool(spool);
  if (ec)
    return ec;
  std::fputs("COMMIT\n", spool); // OK
  return {};
}
void testedDirectly(std::FILE *spool) {
  if (flushSpool(spool))
    return;
  std::fputs("COMMIT\n", spool); // OK
}

// Positive: the result dropped, or the success path taken the wrong way.
void dropped(std::FILE *spool) {
  (void)flushSpool(spool);
  // CHECK: failure-results.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'spool' that may have been closed
  std::fputs("COMMIT\n", spool);
}
void wrongWayRound(std::FILE *spool) {
  if (std::error_code ec = flushSpool(spool))
    // CHECK: failure-results.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'spool' after it was closed
    std::fputs("RETRY\n", spool);
}

// An empty optional is the failure.
std::optional<std::string> readHeader(std::FILE *in) {
  char buf[64];
  if (!std::fgets(buf, sizeof buf, in)) {
    std::fclose(in);
    return std::nullopt;
  }
  return std::string(buf);
}

// The close goes with the empty result: a caller going on when it is set
// is not after the close, one going on when it is empty is.
void optionalUser(std::FILE *in) {
  if (readHeader(in))
    std::fputs("header\n", in); // OK
}
void optionalWrongWay(std::FILE *in) {
  if (!readHeader(in))
    // CHECK: failure-results.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'in' after it was closed
    std::fputs("no header\n", in);
}

// Several failure codes, each non-zero, and 0 on success.
int rotate(std::FILE *log) {
  if (std::fflush(log) != 0) {
    std::fclose(log);
    return -1;
  }
  if (std::ferror(log)) {
    std::fclose(log);
    return -2;
  }
  return 0;
}
void rotateChecked(std::FILE *log) {
  if (rotate(log) != 0)
    return;
  std::fputs("rotated\n", log); // OK
}
void rotateOneCodeOnly(std::FILE *log) {
  if (rotate(log) == -1)
    return;
  // CHECK: failure-results.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'log' that may have been closed
  std::fputs("rotated\n", log);
}

// Not a failure convention: the closing path's value is not known (code - 4
// may be 0), and a plain int is not taken to be an error code, so no path
// is excluded.
int maybeCloses(std::FILE *f, int code) {
  if (code > 3) {
    std::fclose(f);
    return code - 4;
  }
  return 0;
}
void intUnknown(std::FILE *f, int code) {
  if (maybeCloses(f, code) != 0)
    return;
  // CHECK: failure-results.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'f' that may have been closed
  std::fputs("x", f);
}

// Values known not to be zero where they are returned: `code` past
// `code > 3`, and `-err` where err is errno (positive wherever a call
// failed) or EIO. Those closes happen only where the result is non-zero.
int closesWithCode(std::FILE *f, int code) {
  if (code > 3) {
    std::fclose(f);
    return code;
  }
  return 0;
}
int closesWithErrno(std::FILE *f, const char *line) {
  int n = std::fputs(line, f);
  if (n < 0 || n > 1000) {
    int err = n < 0 ? errno : EIO;
    std::fclose(f);
    return -err;
  }
  return 0;
}
void nonZeroResults(std::FILE *f, int code) {
  if (closesWithCode(f, code) != 0)
    return;
  if (closesWithErrno(f, "x") != 0)
    return;
  std::fputs("y", f);
}

// A result that is a test of another helper's result: writeTrailer()
// returns false exactly where writeLine() closed the stream.
int writeLine(std::FILE *f, const char *line) {
  if (std::fputs(line, f) < 0) {
    std::fclose(f);
    return -1;
  }
  return 0;
}
bool writeTrailer(std::FILE *f) { return writeLine(f, "END\n") == 0; }
int finishChecked(std::FILE *f) {
  if (!writeTrailer(f))
    return -1;
  return std::fclose(f);
}
int finishUnchecked(std::FILE *f) {
  writeTrailer(f);
  // CHECK: failure-results.cpp:[[@LINE+1]]:10: warning: 'fclose' closes 'f' that may already have been closed
  return std::fclose(f);
}

// A false result after a close beside a false result that closes nothing
// ("quit"): a true result still says open, a false one says nothing.
bool runCommand(std::FILE *log, int cmd) {
  if (cmd == 0)
    return false;
  if (cmd == 1) {
    std::fclose(log);
    return false;
  }
  std::fputs("ran\n", log);
  return true;
}
void commandLoop(std::FILE *log, const int *cmds, int n) {
  for (int i = 0; i < n; ++i)
    if (!runCommand(log, cmds[i]))
      break;
  // Left by a false result: "quit" or the close.
  // CHECK: failure-results.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'log' that may have been closed
  std::fputs("loop done\n", log);
}
void commandLoopKeepsGoing(std::FILE *log, const int *cmds, int n) {
  for (int i = 0; i < n; ++i)
    // CHECK: failure-results.cpp:[[@LINE+1]]:5: warning: call to 'runCommand' uses 'log' that may have been closed
    runCommand(log, cmds[i]);
}

// A result returned through a conditional whose other arm is a constant
// success value: the constant arm closed nothing, the call's arm closed
// only where it failed (`return len ? sendAll(...) : 0;`).
int sendAll(int fd, const char *p, unsigned len);
int writeOrClose(std::FILE *f, const char *line) {
  if (std::fputs(line, f) < 0) {
    std::fclose(f);
    return -1;
  }
  return 0;
}
int writeFrame(std::FILE *f, const char *body, bool hasBody) {
  if (writeOrClose(f, "frame\n") < 0)
    return -1;
  return hasBody ? writeOrClose(f, body) : 0;
}
int writeTwoFrames(std::FILE *f) {
  if (writeFrame(f, "a\n", true) < 0)
    return -1;
  return writeFrame(f, "b\n", false); // OK: the first frame went out
}
// A constant arm that is the failure value itself: -1 says "maybe
// closed", 0 still says open.
int writeFrameOrFail(std::FILE *f, const char *body, bool ok) {
  return ok ? writeOrClose(f, body) : -1;
}
int writeAfterEither(std::FILE *f) {
  if (writeFrameOrFail(f, "a\n", true) == 0)
    return std::fputs("b\n", f); // OK: 0 is only returned open
  // CHECK: failure-results.cpp:[[@LINE+1]]:3: warning: call to 'fputs' on 'f' that may have been closed
  std::fputs("failed\n", f);
  return -1;
}
