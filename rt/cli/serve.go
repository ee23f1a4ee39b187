package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/fileserve"
	"github.com/pp2go/pp2go/rt/internal/prefault/batch"
	"github.com/pp2go/pp2go/rt/server"
	"github.com/pp2go/pp2go/rt/values"
)

func serveCommand(program func() *rt.Program) *cobra.Command {
	var sslDir, listen, certname, reportDir, logFile string
	var jobs int
	var maxBody int64
	var quiet, verbose, debugLogs bool
	var pdb pdbFlags // --puppetdb (puppetdb.go)
	var pf puppetFlags
	cmd := &cobra.Command{
		Use:   "serve --ssldir DIR [--listen 127.0.0.1:8140] [--certname NAME]",
		Short: "Serve catalogs to Puppet agents over HTTPS, as puppetserver does",
		Long: `Serve the HTTPS API that a Puppet agent (7 or 8) uses during 'puppet agent -t',
from the environment compiled into this binary: point agents' 'server' and
'serverport' here.

TLS comes from an existing Puppet CA, in puppetserver's ssldir layout:
certs/ca.pem, crl.pem, certs/CERTNAME.pem and private_keys/CERTNAME.pem
(CERTNAME is --certname, by default this host's fully qualified name, as
Puppet's certname). Signing stays with Puppet's CA tools. A client
certificate is verified against the CA and the CRL (read again when
crl.pem changes); a revoked one gets 403 on every request. The node's name is
the certificate's CN, and $trusted is built from the certificate (its
certname, hostname, domain and Puppet extensions such as pp_role), never
from the request.

Endpoints, with puppetserver's default auth.conf rules:
  GET  /puppet/v3/node/NAME                 the node's own only
  GET, POST /puppet/v3/catalog/NAME         the node's own only: its catalog
       compiled from the facts the agent sends (facts_format, facts), as
       puppetserver sends it: virtual and exported resources left out,
       'version' the time the server started (Puppet's: the time the
       environment was loaded), a random catalog_uuid, catalog_format 2
  PUT  /puppet/v3/report/NAME               the node's own only: stored as
       --reportdir/NAME/YYYYMMDDHHMM.json (as Puppet's store processor
       names them; a second report of the same minute is ...-2.json), or
       accepted and dropped
  GET  /puppet/v3/file_metadata/MOUNT/PATH, file_metadatas, file_content
       for any client with a certificate: the mounts plugins (modules'
       lib/), pluginfacts (facts.d/), locales and modules/MODULE/PATH
       (files/), from the module files compiled into the binary only
  GET  /puppet/v3/status/NAME, /status/v1/simple    without a certificate too
  GET  /puppet-ca/v1/certificate/ca, /puppet-ca/v1/certificate/NAME and
       /puppet-ca/v1/certificate_revocation_list/ca from the ssldir,
       without a certificate too
Anything else is refused (403) as puppetserver's last rule refuses it.

Errors have puppetserver's status and body, so that the agent prints
Puppet's message: a compile error is a 500 ("Error 500 on SERVER: Server
Error: Evaluation Error: ..."), a request for another node's catalog a 403
("Forbidden request: /puppet/v3/catalog/other (method :get). Please see
the server logs for details."), an unknown environment a 404 for the node
and the files ("Not Found: Could not find environment 'x'"), while a
catalog asked for in another environment is compiled in this binary's, as
puppetserver compiles it in its default one (the agent then switches to
it). Facts that are not Puppet's JSON are a 400 (puppetserver answers 500,
"Server Error: Could not intern from json: ..."), a body larger than
--max-body a 413.

Catalogs compile in parallel, -j at a time. Each request is logged on
standard error (or --logfile) in the common log format with the client's
certname as the user and the duration in milliseconds last; compile
warnings and log messages are logged as 'compile' prints them (from
notice up; --verbose, --debug, --quiet), but for a warning Puppet gives
with warn_once (a deprecation), which the server logs once, as a
puppetserver's JRuby instance does. SIGINT or SIGTERM stops the
server after the requests in flight.

` + pdbServeHelp + `

` + pdbHelp + `

Several serve replicas behind a load balancer (HAProxy), sharing one
PuppetDB and the same CA, serve a site as one puppetserver: see the README.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if sslDir == "" {
				return fmt.Errorf("give --ssldir: the directory of the CA's certificate, the CRL and this server's certificate and key")
			}
			if certname == "" {
				certname = hostFQDN()
			}
			var log io.Writer = os.Stderr
			if logFile != "" {
				f, err := os.OpenFile(logFile, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o640)
				if err != nil {
					return err
				}
				defer f.Close()
				log = f
			}
			p := program()
			if err := pf.apply(p); err != nil {
				return err
			}
			if err := p.SetSetting("certname", certname); err != nil {
				return err
			}
			if pdb.enabled() && pdb.ssldir == "" && pdb.cert == "" && pdb.key == "" && pdb.ca == "" {
				pdb.ssldir = sslDir // the server's own certificate, as puppetserver's
			}
			if err := pdb.setup(p); err != nil {
				return err
			}
			if p.ServerFacts == nil {
				p.ServerFacts = serverFacts(rt.WithServerVersion(rt.HostServerFacts(), p.Puppet()), hostFQDN())
			}
			shown := logsFrom(quiet, verbose, debugLogs)
			p.DropDebug = !debugLogs // printed only with --debug
			var logMu sync.Mutex
			warnedOnce := map[string]bool{}
			cfg := server.Config{
				Program:    p,
				SSLDir:     sslDir,
				Certname:   certname,
				ReportDir:  reportDir,
				DecodeJSON: decodeFacts,
				Files:      fileserve.New(p),
				Log:        log,
				MaxBody:    maxBody,
				Jobs:       jobs,
				CompileLogs: func(node string, logs []rt.LogEntry) {
					logMu.Lock()
					printLogs(prefixed{log, "[" + node + "] "}, onceLogs(logs, warnedOnce), shown)
					logMu.Unlock()
				},
			}
			oids, err := server.OIDMapping(oidMappingFile(p))
			if err != nil {
				return err
			}
			cfg.OIDNames = oids
			if pdb.enabled() && !pdb.noStore {
				cfg.Store = pdb.storeAgent(prefixedLog(&logMu, log), shown, p)
				cfg.Report = pdb.storeReport(prefixedLog(&logMu, log), shown)
			}
			srv, err := server.New(cfg)
			if err != nil {
				return fmt.Errorf("--ssldir %s: %w", sslDir, err)
			}
			batch.Prefault()
			l, err := net.Listen("tcp", listen)
			if err != nil {
				return err
			}
			fmt.Fprintf(log, "Serving environment %s as %s on https://%s\n", p.Environment, certname, l.Addr())
			stop := make(chan os.Signal, 1)
			signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
			stopped := make(chan struct{})
			go func() {
				<-stop
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				srv.Shutdown(ctx)
				close(stopped)
			}()
			if err := srv.Serve(l); err != nil {
				return err
			}
			// Serve returns as soon as Shutdown starts: the requests in
			// flight finish before the process exits.
			<-stopped
			return nil
		},
	}
	f := cmd.Flags()
	pf.add(f)
	f.StringVar(&sslDir, "ssldir", "", "the ssldir of Puppet's CA: certs/ca.pem, crl.pem, certs/CERTNAME.pem, private_keys/CERTNAME.pem")
	f.StringVar(&listen, "listen", "127.0.0.1:8140", "the address and port to listen on (0.0.0.0:8140 for every interface)")
	f.StringVar(&certname, "certname", "", "the server's certificate name in the ssldir (default: this host's fully qualified name)")
	f.StringVar(&reportDir, "reportdir", "", "store agents' reports as DIR/NODE/YYYYMMDDHHMM.json (default: accept and drop them)")
	f.StringVar(&logFile, "logfile", "", "append the request log and compile messages to this file instead of standard error")
	f.IntVarP(&jobs, "jobs", "j", runtime.NumCPU(), "how many catalogs compile at once")
	f.Int64Var(&maxBody, "max-body", 64<<20, "the largest request body accepted, in bytes (413 beyond)")
	f.BoolVarP(&quiet, "quiet", "q", false, "do not log compile warnings and messages")
	f.BoolVar(&verbose, "verbose", false, "log compile info messages too")
	f.BoolVar(&debugLogs, "debug", false, "log compile debug and info messages too")
	pdb.add(f)
	return cmd
}

// serverFacts are the host's $server_facts with its fully qualified
// name as servername, as Puppet's catalog compiler sets it (Facter's fqdn).
func serverFacts(host *values.Hash, fqdn string) *values.Hash {
	b := values.NewHashBuilder(host.Len())
	for i := 0; i < host.Len(); i++ {
		v := host.ValueAt(i)
		if values.ToString(host.KeyAt(i)) == "servername" {
			v = values.String(fqdn)
		}
		b.Put(host.KeyAt(i), v)
	}
	return b.Build()
}

// hostFQDN is this host's fully qualified name, lower case, as Puppet's
// certname defaults to Facter's fqdn: the host name, with the domain of its
// canonical name or of /etc/resolv.conf when the name has none.
func hostFQDN() string {
	host, err := os.Hostname()
	if err != nil {
		return "localhost"
	}
	host = strings.ToLower(host)
	if strings.Contains(host, ".") {
		return host
	}
	if cname, err := net.LookupCNAME(host); err == nil {
		cname = strings.ToLower(strings.TrimSuffix(cname, "."))
		if strings.HasPrefix(cname, host+".") {
			return cname
		}
	}
	if f, err := os.Open("/etc/resolv.conf"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		var search string
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 2 {
				continue
			}
			switch fields[0] {
			case "domain":
				return host + "." + strings.ToLower(fields[1])
			case "search":
				if search == "" {
					search = strings.ToLower(fields[1])
				}
			}
		}
		if search != "" {
			return host + "." + search
		}
	}
	return host
}

// oidMappingFile is the trusted_oid_mapping_file setting: as set, else
// Puppet's default, $confdir/custom_trusted_oid_mapping.yaml.
func oidMappingFile(p *rt.Program) string {
	if v, ok := p.BuildSetting("trusted_oid_mapping_file"); ok {
		return v.(string)
	}
	return p.Setting("confdir") + "/custom_trusted_oid_mapping.yaml"
}
