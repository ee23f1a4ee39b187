# Makes the fixture module path (fixed content, modes and times) and prints,
# as JSON, the tree as the build would record it and Puppet 7.23's answers
# (its own HTTP routes, Puppet::Network::HTTP::API::IndirectedRoutes) to
# file serving requests over it. Run by regen.sh.
require 'puppet'
require 'puppet/network/http'
require 'json'
require 'fileutils'

ROOT = '/tmp/pp2go-fileserve-fixture'
# alpha and beta in two module path directories: alpha comes first (in
# one directory Puppet's order would be the file system's)
MP = "#{ROOT}/m1"
MP2 = "#{ROOT}/m2"
T1 = Time.utc(2024, 1, 2, 3, 4, 5)
T2 = Time.utc(2025, 6, 7, 8, 9, 10)

FileUtils.rm_rf(ROOT)
def put(rel, content, mode = 0644, time = T1)
  p = File.join(rel.start_with?('beta/') ? MP2 : MP, rel)
  FileUtils.mkdir_p(File.dirname(p))
  File.write(p, content)
  File.chmod(mode, p)
  File.utime(time, time, p)
end
put 'alpha/files/motd', "hello from alpha\n"
put 'alpha/files/secret', "s3cret\n", 0600, T2
put 'alpha/files/big', ('x' * 700) + "\n"
put 'alpha/files/.hidden', "dot\n"
put 'alpha/files/dir/a.conf', "a = 1\n"
put 'alpha/files/dir/sub/b.conf', "b = 2\n", 0640
put 'alpha/files/CVS/Entries', "cvs\n"
File.symlink('motd', File.join(MP, 'alpha/files/link'))
put 'alpha/lib/facter/alpha.rb', "Facter.add(:alpha) { setcode { 'a' } }\n"
put 'alpha/lib/puppet_x/alpha/util.rb', "module PuppetX; end\n"
put 'alpha/facts.d/alpha.txt', "alpha_ext=1\n", 0755
put 'alpha/locales/ja/alpha.po', "msgid \"\"\n"
put 'beta/lib/facter/alpha.rb', "# beta's copy, shadowed by alpha's\n"
put 'beta/lib/facter/beta.rb', "Facter.add(:beta) { setcode { 'b' } }\n", 0644, T2
put 'beta/locales/config.yaml', "---\n"
put 'beta/manifests/init.pp', "class beta {}\n"
# directories get fixed modes (their ctime, which Puppet reports, is now)
Dir.glob(["#{MP}/**/*/", "#{MP2}/**/*/"]).each { |d| File.chmod(0755, d) }
File.chmod(0750, "#{MP}/alpha/files/dir/sub")

# the tree as pp2go's build records it: mtime of files, and for
# directories the time Puppet reports for them (their ctime)
def tree(mod, dir)
  base = File.join(mod == 'beta' ? MP2 : MP, mod, dir)
  return nil unless File.directory?(base)
  rec = lambda do |p, rel|
    st = File.lstat(p)
    e = { 'path' => rel, 'mode' => st.mode & 07777, 'uid' => st.uid, 'gid' => st.gid }
    if st.symlink?
      e['link'] = File.readlink(p)
      st = File.stat(p)
      e['mode'] = st.mode & 07777
    end
    e['dir'] = st.directory?
    e['mtime'] = (st.directory? ? st.ctime : st.mtime).to_i
    e['data'] = File.binread(p) if st.file?
    e
  end
  entries = Dir.glob('**/*', File::FNM_DOTMATCH, base: base).reject { |r| File.basename(r) == '.' }.sort
  { 'root' => rec.call(base, ''), 'entries' => entries.map { |r| rec.call(File.join(base, r), r) } }
end

Puppet.initialize_settings(['--confdir', "#{ROOT}/conf", '--codedir', "#{ROOT}/code", '--vardir', "#{ROOT}/var", '--logdir', "#{ROOT}/log"])
env = Puppet::Node::Environment.create(:production, [MP, MP2])
routes = Puppet::Network::HTTP::API::IndirectedRoutes.new

def ask(routes, ind, key, query)
  params = { 'environment' => 'production' }.merge(query).compact
  decoded = params.each_with_object({}) do |(k, v), h|
    conv = ->(x) { x == 'true' ? true : x == 'false' ? false : x =~ /^\d+$/ ? Integer(x) : x }
    h[k.to_sym] = v.is_a?(Array) ? v.map(&conv) : conv.call(v)
  end
  accept = ind == 'file_content' ? 'application/octet-stream' : 'application/json'
  req = Puppet::Network::HTTP::Request.from_hash(method: 'GET', path: "/puppet/v3/#{ind}/#{key}",
                                                  params: decoded, headers: { 'accept' => accept })
  resp = Puppet::Network::HTTP::MemoryResponse.new
  begin
    body = nil
    resp.define_singleton_method(:respond_with) do |code, type, b|
      @code = code
      body = b.respond_to?(:read) ? b.read : b
    end
    routes.call(req, resp)
    out = { 'status' => resp.code }
    if ind == 'file_content'
      out['content'] = body
    else
      out['body'] = JSON.parse(body)
    end
    out
  rescue Puppet::Network::HTTP::Error::HTTPError => e
    { 'status' => e.status, 'body' => JSON.parse(e.to_json) }
  rescue StandardError => e
    { 'status' => 500, 'body' => { 'message' => "Server Error: #{e.message}", 'issue_kind' => 'RUNTIME_ERROR' } }
  end
end

agent = { 'links' => 'manage', 'checksum_type' => 'sha256', 'source_permissions' => 'ignore' }
sync = { 'recurse' => 'true', 'links' => 'follow', 'checksum_type' => 'sha256', 'source_permissions' => 'use',
         'ignore' => ['.svn', 'CVS', '.git', '.hg'] }
cases = []
add = ->(ind, key, q) { cases << { 'indirection' => ind, 'key' => key, 'query' => q } }
add.('file_metadata', 'modules/alpha/motd', agent)
add.('file_metadata', 'modules/alpha/motd', agent.merge('source_permissions' => 'use'))
%w[md5 md5lite sha1 sha1lite sha224 sha256lite sha384 sha512 mtime ctime none].each do |t|
  add.('file_metadata', 'modules/alpha/big', agent.merge('checksum_type' => t))
end
add.('file_metadata', 'modules/alpha/secret', agent.merge('source_permissions' => 'use', 'checksum_type' => 'mtime'))
add.('file_metadata', 'modules/alpha/link', agent)
add.('file_metadata', 'modules/alpha/link', agent.merge('links' => 'follow'))
add.('file_metadata', 'modules/alpha/link', agent.merge('source_permissions' => 'use'))
add.('file_metadata', 'modules/alpha/dir', agent)
add.('file_metadata', 'modules/alpha/dir/sub', agent.merge('source_permissions' => 'use'))
add.('file_metadata', 'modules/alpha', agent)
add.('file_metadata', 'modules/alpha//dir//a.conf', agent)
add.('file_metadata', 'modules/alpha/.hidden', agent)
add.('file_metadata', 'modules/alpha/missing', agent)
add.('file_metadata', 'modules/nosuch/motd', agent)
add.('file_metadata', 'modules/beta/x', agent)
add.('file_metadata', 'plugins/facter/alpha.rb', agent)
add.('file_metadata', 'plugins/facter/beta.rb', agent)
add.('file_metadata', 'plugins/facter', agent)
add.('file_metadata', 'pluginfacts/alpha.txt', agent.merge('source_permissions' => 'use'))
add.('file_metadata', 'locales/ja/alpha.po', agent)
add.('file_metadata', 'locales/config.yaml', agent)
add.('file_metadata', 'nosuchmount/x', agent)
add.('file_metadata', 'modules/alpha/../beta/x', agent)
add.('file_metadata', 'modules/alpha/motd', agent.merge('checksum_type' => 'bogus'))
add.('file_metadata', 'modules/alpha/motd', agent.merge('environment' => 'nosuch'))
add.('file_metadata', 'modules/alpha/motd', agent.merge('environment' => 'bad-name'))
add.('file_metadata', 'modules/alpha/motd', agent.merge('environment' => nil))
add.('file_metadatas', 'plugins', sync)
add.('file_metadatas', 'pluginfacts', sync)
add.('file_metadatas', 'locales', sync.merge('ignore' => sync['ignore'] + ['*.pot', 'config.yaml']))
add.('file_metadatas', 'modules/alpha', agent.merge('recurse' => 'true', 'ignore' => 'CVS'))
add.('file_metadatas', 'modules/alpha', agent.merge('recurse' => 'true', 'ignore' => '*i*'))
add.('file_metadatas', 'modules/alpha/dir', agent.merge('recurse' => 'true', 'recurselimit' => '1'))
add.('file_metadatas', 'modules/alpha/dir', agent.merge('recurse' => 'false'))
add.('file_metadatas', 'modules/alpha/dir', agent.merge('recurse' => 'true', 'max_files' => '2'))
add.('file_metadatas', 'modules/alpha/motd', agent.merge('recurse' => 'true'))
add.('file_metadatas', 'modules/alpha/missing', agent.merge('recurse' => 'true'))
add.('file_content', 'modules/alpha/motd', {})
add.('file_content', 'modules/alpha/link', {})
add.('file_content', 'modules/alpha/dir/sub/b.conf', {})
add.('file_content', 'plugins/facter/alpha.rb', {})
add.('file_content', 'pluginfacts/alpha.txt', {})
add.('file_content', 'locales/ja/alpha.po', {})
add.('file_content', 'modules/alpha/missing', {})

Puppet.override(environments: Puppet::Environments::Static.new(env), current_environment: env) do
  cases.each { |c| c['response'] = ask(routes, c['indirection'], c['key'], c['query']) }
end

trees = {}
%w[alpha beta].each do |m|
  trees[m] = {}
  %w[files lib facts.d locales].each do |d|
    t = tree(m, d)
    trees[m][d] = t if t
  end
end
puts JSON.pretty_generate('puppet' => Puppet.version, 'uid' => Process.euid, 'gid' => Process.egid,
                          'modulepath' => [MP, MP2], 'modules' => %w[alpha beta], 'trees' => trees, 'cases' => cases)
