// VetConsole and ConsoleSession: the vet/health alert console, a TCP listener with one session
// per connected vet, keyed by session id.
#pragma once
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "fd_handle.h"
#include "status.h"

class ConsoleSession {
public:
    ConsoleSession(int id, int fd);
    int id() const;
    bool alive() const;
    void send(const std::string& text);   // throws when the session is closed
    void close();                         // idempotent

private:
    int id_;
    FdHandle fd_;
};

class VetConsole {
public:
    explicit VetConsole(int port);
    ~VetConsole();
    VetConsole(const VetConsole&) = delete;
    VetConsole& operator=(const VetConsole&) = delete;

    Status listen();
    bool isOpen() const;
    void accept_pending();
    void broadcast(const std::string& text);   // throws when the console is closed
    void set_duty_vet(int session_id);
    void drop_session(int session_id);
    void close();                              // idempotent

private:
    int port_;
    FdHandle listen_fd_;
    std::atomic<bool> open_{false};
    std::mutex mu_;
    std::map<int, std::unique_ptr<ConsoleSession>> sessions_;
    int next_id_ = 1;
    int duty_vet_ = -1;
};
