// Session registry for a chat gateway. Each client session owns a
// net::Connection; a reaper thread closes sessions that have been idle too
// long, delivery threads push messages to sessions, and shutdown() stops the
// reaper and closes whatever is still open.
//
// This code is correct: every close and every use of a session's connection
// happens while holding Mu, and the per-session Closed flag is set in the same
// critical section as the close and checked in the same critical section as
// each use, so no send can observe a closed connection. The reaper is joined
// before shutdown() closes the remaining sessions, and the flag keeps a
// session from being closed twice (net::Connection::close() would tolerate it
// anyway).
#include "netconn.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using Clock = std::chrono::steady_clock;

struct Session {
  explicit Session(std::string Endpoint) : Conn(std::move(Endpoint)) {}
  net::Connection Conn;
  Clock::time_point LastSeen = Clock::now();
  bool Closed = false;
};

class SessionRegistry {
public:
  explicit SessionRegistry(std::chrono::milliseconds IdleLimit)
      : IdleLimit(IdleLimit) {}
  ~SessionRegistry() { shutdown(); }

  void start() { Reaper = std::thread([this] { reapLoop(); }); }

  int add(const std::string &Endpoint) {
    std::lock_guard<std::mutex> Lock(Mu);
    int Id = NextId++;
    Sessions.emplace(Id, std::make_unique<Session>(Endpoint));
    return Id;
  }

  bool deliver(int Id, const std::string &Message) {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Sessions.find(Id);
    if (It == Sessions.end() || It->second->Closed)
      return false;
    It->second->Conn.send(Message); // OK: Closed checked under Mu; closes also happen under Mu
    It->second->LastSeen = Clock::now();
    return true;
  }

  void touch(int Id) {
    std::lock_guard<std::mutex> Lock(Mu);
    auto It = Sessions.find(Id);
    if (It == Sessions.end())
      return;
    Session &S = *It->second;
    if (S.Closed)
      return;
    S.LastSeen = Clock::now();
    S.Conn.flush(); // OK: the session is known open while Mu is held
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> Lock(Mu);
      if (Stopping)
        return;
      Stopping = true;
    }
    Wake.notify_all();
    if (Reaper.joinable())
      Reaper.join();
    std::lock_guard<std::mutex> Lock(Mu);
    for (auto &Entry : Sessions) {
      Session &S = *Entry.second;
      if (S.Closed)
        continue;
      S.Conn.close(); // OK: reaper already joined; the flag skips sessions it closed
      S.Closed = true;
    }
  }

private:
  void reapLoop() {
    std::unique_lock<std::mutex> Lock(Mu);
    while (!Stopping) {
      Wake.wait_for(Lock, std::chrono::milliseconds(20),
                    [this] { return Stopping; });
      if (Stopping)
        break;
      Clock::time_point Now = Clock::now();
      for (auto &Entry : Sessions) {
        Session &S = *Entry.second;
        if (!S.Closed && Now - S.LastSeen > IdleLimit) {
          S.Conn.close(); // OK: under Mu, paired with the Closed flag
          S.Closed = true;
        }
      }
    }
  }

  std::chrono::milliseconds IdleLimit;
  std::mutex Mu;
  std::condition_variable Wake;
  std::map<int, std::unique_ptr<Session>> Sessions;
  std::thread Reaper;
  int NextId = 1;
  bool Stopping = false;
};

int main() {
  SessionRegistry Registry(std::chrono::milliseconds(50));
  Registry.start();
  std::vector<int> Ids;
  for (int I = 0; I < 8; ++I)
    Ids.push_back(Registry.add("client-" + std::to_string(I)));

  std::vector<std::thread> Senders;
  for (int T = 0; T < 3; ++T) {
    Senders.emplace_back([&Registry, &Ids, T] {
      for (int Round = 0; Round < 200; ++Round) {
        int Id = Ids[(Round + T) % Ids.size()];
        if (!Registry.deliver(Id, "msg " + std::to_string(Round))) // OK: deliver() checks the flag under the lock
          continue;
        if (Round % 10 == 0)
          Registry.touch(Id); // OK
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
  }
  for (std::thread &S : Senders)
    S.join();
  Registry.shutdown();
  Registry.deliver(Ids.front(), "late"); // OK: returns false, every session is marked closed
  Registry.shutdown(); // OK: Stopping makes the second shutdown a no-op
  return 0;
}
