// PermitSession: one blasting permit. Collects signatures and log entries until it is
// closed; sign()/annotate() throw afterwards, and close() throws std::logic_error if the
// permit is already closed.
#pragma once

#include <set>
#include <string>
#include <vector>

class PermitSession {
public:
    PermitSession(int id, std::string blaster);

    void sign(const std::string& role);
    void annotate(const std::string& text);
    bool complete() const;
    void close();
    bool isClosed() const;
    int id() const;
    const std::vector<std::string>& log() const;

private:
    int id_;
    std::string blaster_;
    std::set<std::string> signatures_;
    std::vector<std::string> log_;
    bool closed_ = false;
};
