// A setter a constructor's body calls on a private member
// (`engine_.attach(metrics_)`) ties the member's pointer to the other
// member for every method of the class, as an initializer would: the
// engine's close() sending a last gauge through it after shutdown() closed
// the sink is a use after close. Not so when another method of the class
// may call the setter again (`rewire()`), nor for a public member anyone
// may rewire.
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags | FileCheck %s --implicit-check-not=warning:
#include <stdexcept>
#include <string>

class GaugeSink {
public:
  void gauge(const std::string &Name) {
    if (Closed)
      throw std::runtime_error("gauge sink closed");
    Last = Name;
  }
  void close() { Closed = true; }

private:
  bool Closed = false;
  std::string Last;
};

class TripEngine {
public:
  void attach(GaugeSink &S) { Sink = &S; }
  void close() { Sink->gauge("engine.closed"); }

private:
  GaugeSink *Sink = nullptr;
};

class DispatchService {
public:
  DispatchService() { Engine.attach(Metrics); }
  void shutdown() {
    Metrics.close();
    // CHECK: constructor-setters.cpp:[[@LINE+1]]:12: warning: call to 'close' uses 'Engine.Sink' after it was closed [errlint-use-after-close]
    Engine.close();
  }
  void shutdownInOrder() {
    Engine.close();
    Metrics.close();
  }

private:
  GaugeSink Metrics;
  TripEngine Engine;
};

class RewiredService {
public:
  RewiredService() { Engine.attach(Metrics); }
  void rewire(GaugeSink &Other) { Engine.attach(Other); }
  void shutdown() {
    Metrics.close();
    Engine.close();
  }

private:
  GaugeSink Metrics;
  TripEngine Engine;
};

struct OpenService {
  OpenService() { Engine.attach(Metrics); }
  void shutdown() {
    Metrics.close();
    Engine.close();
  }
  GaugeSink Metrics;
  TripEngine Engine;
};

// A setter taking a pointer, and a close that flushes first: called on the
// journal the engine already closed, the close is reported once, as a
// second close (not also as a use).
#include <cstdio>

class TripJournalFile {
public:
  explicit TripJournalFile(const char *Path) : Fp(std::fopen(Path, "a")) {}
  void close() {
    std::fflush(Fp);
    std::fclose(Fp);
  }

private:
  std::FILE *Fp;
};

class TripRecorder {
public:
  void setJournal(TripJournalFile *J) { Out = J; }
  void close() { Out->close(); }

private:
  TripJournalFile *Out = nullptr;
};

class TripLog {
public:
  TripLog() : Log("trips.log") { Rec.setJournal(&Log); }
  void shutdown() {
    Rec.close();
    // CHECK: constructor-setters.cpp:[[@LINE+1]]:9: warning: 'close' closes 'Log.Fp' a second time [errlint-double-close]
    Log.close();
  }

private:
  TripJournalFile Log;
  TripRecorder Rec;
};
