// Command rssrun runs a command and writes its wall time, peak resident
// set size and CPU time to a file: `rssrun FILE COMMAND ARGS...` writes
// "wall_ns=N maxrss_kb=M user_ns=U sys_ns=S minflt=F" to FILE and exits
// with the command's status (F: the command's minor page faults, each
// page's first touch and each page it had the kernel populate at once). The command's standard streams are rssrun's.
//
// It exists because a Go program cannot read the peak RSS of its own
// children: Go starts them with vfork (they share its memory until exec),
// and Linux seeds a process's maxrss at exec with the peak of the memory it
// leaves, the parent's, so wait4 reports max(parent's peak, child's peak).
// The bench's few hundred MB hid the 30 MB of a catalog binary. Started from
// this small process, a child's maxrss is seeded with rssrun's own couple of
// MB instead, far below anything measured (conformance.RunOnce).
package main

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: rssrun FILE COMMAND ARGS...")
		os.Exit(2)
	}
	cmd := exec.Command(os.Args[2], os.Args[3:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if _, exited := err.(*exec.ExitError); err != nil && !exited {
		fmt.Fprintln(os.Stderr, "rssrun:", err)
		os.Exit(2)
	}
	var maxrss, minflt int64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		maxrss, minflt = ru.Maxrss, ru.Minflt // maxrss in KiB on Linux
	}
	user, sys := cmd.ProcessState.UserTime(), cmd.ProcessState.SystemTime()
	if err := os.WriteFile(os.Args[1], fmt.Appendf(nil, "wall_ns=%d maxrss_kb=%d user_ns=%d sys_ns=%d minflt=%d\n", wall.Nanoseconds(), maxrss, user.Nanoseconds(), sys.Nanoseconds(), minflt), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rssrun:", err)
		os.Exit(2)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
