// Operator consoles: one ConsoleSession per connected operator, kept by id in
// ConsoleRegistry. Sessions are disconnected only through the registry, under its mutex,
// and only from the terminal's main event thread, which also runs OperatorConsole::handle().
#pragma once
#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "raii.h"

class ConsoleSession {
public:
    ConsoleSession(int id, std::string operator_name, int fd);

    void push_update(const std::string& text);   // throws once disconnected
    void disconnect();                           // idempotent
    bool connected() const;
    int id() const;
    const std::string& operator_name() const;

private:
    int id_;
    std::string operator_name_;
    std::mutex mu_;
    FdHandle fd_;
    std::atomic<bool> connected_;
};

class ConsoleRegistry {
public:
    std::shared_ptr<ConsoleSession> add(int id, std::string operator_name, int fd);
    std::shared_ptr<ConsoleSession> find(int id) const;
    void broadcast(const std::string& text);   // skips disconnected sessions
    void kick(int id);                         // disconnects and forgets the session
    void disconnect_all();                     // disconnects, keeps the entries for the audit
    std::size_t size() const;

private:
    mutable std::mutex mu_;
    std::map<int, std::shared_ptr<ConsoleSession>> sessions_;
};

class Terminal;

class OperatorConsole {
public:
    OperatorConsole(Terminal& terminal, std::shared_ptr<ConsoleRegistry> registry);

    std::string handle(int session_id, const std::string& command);

private:
    Terminal& terminal_;
    std::shared_ptr<ConsoleRegistry> registry_;
};
