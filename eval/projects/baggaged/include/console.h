// OperatorConsole: operator terminals over a socket. Each session is served
// by a job on the worker pool; commands typed by operators are turned into
// Command objects by the site's factory and queued for the control loop.
#pragma once
#include "command.h"
#include "handles.h"
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class ConsoleSession;
class JournalWriter;
class WorkerPool;

using CommandFactory =
    std::function<std::unique_ptr<Command>(const std::string& verb, const std::vector<std::string>& args)>;

class OperatorConsole {
 public:
  OperatorConsole(std::shared_ptr<WorkerPool> pool, std::shared_ptr<CommandQueue> commands,
                  std::shared_ptr<JournalWriter> journal, CommandFactory factory);
  int adopt(FdHandle fd);
  void kick(int id);
  void stop();
  std::size_t sessionCount() const;

 private:
  void serve(std::shared_ptr<ConsoleSession> session);
  bool handleLine(ConsoleSession& session, const std::string& line);
  void endSession(ConsoleSession& session, const std::string& why);
  std::shared_ptr<WorkerPool> pool_;
  std::shared_ptr<CommandQueue> commands_;
  std::shared_ptr<JournalWriter> journal_;
  CommandFactory factory_;
  mutable std::mutex mu_;
  std::map<int, std::shared_ptr<ConsoleSession>> sessions_;
  int nextId_ = 1;
  bool stopped_ = false;
};
