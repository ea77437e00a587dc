/** The XML tokenizer's token streams: tags, attributes, comments, CDATA, PIs, DOCTYPE, unterminated constructs, resuming. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TokenError, TokenType, TokenizerState, XmlTokenizer } from '../../shared/xmlTokenizer';

const TYPES: Record<TokenType, string> = {
  [TokenType.StartTagOpen]: 'StartTagOpen', [TokenType.AttributeName]: 'AttributeName', [TokenType.AttributeValue]: 'AttributeValue',
  [TokenType.StartTagClose]: 'StartTagClose', [TokenType.StartTagSelfClose]: 'StartTagSelfClose', [TokenType.TagJunk]: 'TagJunk',
  [TokenType.EndTag]: 'EndTag', [TokenType.Text]: 'Text', [TokenType.Comment]: 'Comment', [TokenType.CData]: 'CData',
  [TokenType.ProcessingInstruction]: 'PI', [TokenType.XmlDeclaration]: 'XmlDeclaration', [TokenType.DoctypeOpen]: 'DoctypeOpen',
  [TokenType.DoctypeText]: 'DoctypeText', [TokenType.SubsetOpen]: 'SubsetOpen', [TokenType.SubsetText]: 'SubsetText',
  [TokenType.SubsetComment]: 'SubsetComment', [TokenType.SubsetProcessingInstruction]: 'SubsetPI', [TokenType.EntityDeclaration]: 'EntityDeclaration',
  [TokenType.SubsetClose]: 'SubsetClose', [TokenType.DoctypeClose]: 'DoctypeClose', [TokenType.EOS]: 'EOS',
};

const ERRORS: Record<TokenError, string> = {
  [TokenError.None]: '', [TokenError.InvalidTagStart]: 'InvalidTagStart', [TokenError.InvalidDeclarationStart]: 'InvalidDeclarationStart',
  [TokenError.MissingEndTagName]: 'MissingEndTagName', [TokenError.UnterminatedEndTag]: 'UnterminatedEndTag', [TokenError.EndTagMissingGt]: 'EndTagMissingGt',
  [TokenError.UnterminatedStartTag]: 'UnterminatedStartTag', [TokenError.StartTagMissingGt]: 'StartTagMissingGt',
  [TokenError.UnexpectedCharInTag]: 'UnexpectedCharInTag', [TokenError.AttributesNotSeparated]: 'AttributesNotSeparated',
  [TokenError.AttributeWithoutValue]: 'AttributeWithoutValue', [TokenError.UnquotedAttributeValue]: 'UnquotedAttributeValue',
  [TokenError.UnterminatedAttributeValue]: 'UnterminatedAttributeValue', [TokenError.UnterminatedComment]: 'UnterminatedComment',
  [TokenError.DoubleHyphenInComment]: 'DoubleHyphenInComment', [TokenError.UnterminatedCData]: 'UnterminatedCData',
  [TokenError.UnterminatedProcessingInstruction]: 'UnterminatedPI', [TokenError.MissingPITarget]: 'MissingPITarget',
  [TokenError.PITargetNotSeparated]: 'PITargetNotSeparated', [TokenError.ReservedPITarget]: 'ReservedPITarget',
  [TokenError.UnterminatedDoctype]: 'UnterminatedDoctype',
};

/** The token stream as `Type "text"`, with ` !Error "error range"` for a token with an error; EOS ends it. */
function tokens(text: string, offset = 0, state = TokenizerState.DocumentStart): string[] {
  const tokenizer = new XmlTokenizer(text, offset, state);
  const out: string[] = [];
  for (let n = 0; n < 1000; n++) {
    const type = tokenizer.scan();
    let line = `${TYPES[type]} ${JSON.stringify(tokenizer.tokenText())}`;
    if (tokenizer.error !== TokenError.None) line += ` !${ERRORS[tokenizer.error]} ${JSON.stringify(text.slice(tokenizer.errorStart, tokenizer.errorEnd))}`;
    out.push(line);
    if (type === TokenType.EOS) return out;
  }
  throw new Error('the tokenizer does not advance');
}

describe('xml tokenizer', () => {
  it('tags and attributes', () => {
    assert.deepEqual(tokens(`<a x="1" y:z='&amp;'><b/>t</a >`), [
      'StartTagOpen "<a"', 'AttributeName "x"', 'AttributeValue "\\"1\\""', 'AttributeName "y:z"', `AttributeValue "'&amp;'"`,
      'StartTagClose ">"', 'StartTagOpen "<b"', 'StartTagSelfClose "/>"', 'Text "t"', 'EndTag "</a >"', 'EOS ""',
    ]);
  });

  it('attribute errors: no whitespace, no value, unquoted, junk', () => {
    assert.deepEqual(tokens(`<a x="1"y = "2" flag other=bare / >`), [
      'StartTagOpen "<a"', 'AttributeName "x"', 'AttributeValue "\\"1\\""',
      'AttributeName "y" !AttributesNotSeparated "y"', 'AttributeValue "\\"2\\""',
      'AttributeName "flag"', 'AttributeValue "" !AttributeWithoutValue "flag"',
      // The value-less attribute took the whitespace after it: the next one is not separated (as the parser reports).
      'AttributeName "other" !AttributesNotSeparated "other"', 'AttributeValue "bare" !UnquotedAttributeValue "other"',
      'TagJunk "/" !UnexpectedCharInTag "/"', 'StartTagClose ">"', 'EOS ""',
    ]);
  });

  it('a start tag cut short by the next tag, or by the end of the text', () => {
    assert.deepEqual(tokens('<a x="1"<b>'), [
      'StartTagOpen "<a"', 'AttributeName "x"', 'AttributeValue "\\"1\\""', 'StartTagClose "" !StartTagMissingGt "<"',
      'StartTagOpen "<b"', 'StartTagClose ">"', 'EOS ""',
    ]);
    assert.deepEqual(tokens('<urlset xmlns="u" '), ['StartTagOpen "<urlset"', 'AttributeName "xmlns"', 'AttributeValue "\\"u\\""', 'EOS "" !UnterminatedStartTag "urlset"']);
    assert.deepEqual(tokens('<a x="1'), ['StartTagOpen "<a"', 'AttributeName "x"', 'AttributeValue "\\"1" !UnterminatedAttributeValue "x"', 'EOS ""']);
    assert.deepEqual(tokens('<a x'), ['StartTagOpen "<a"', 'AttributeName "x"', 'AttributeValue "" !AttributeWithoutValue "x"', 'EOS "" !UnterminatedStartTag "a"']);
  });

  it('closeBareStartTag takes the ">" right after a name, and nothing else', () => {
    const tokenizer = new XmlTokenizer('<a><b x="1"><c >', 0, TokenizerState.Content);
    assert.equal(tokenizer.scan(), TokenType.StartTagOpen);
    assert.equal(tokenizer.closeBareStartTag(), 3);
    assert.equal(tokenizer.scan(), TokenType.StartTagOpen);
    assert.equal(tokenizer.closeBareStartTag(), -1);
    assert.equal(tokenizer.scan(), TokenType.AttributeName);
    assert.equal(tokenizer.closeBareStartTag(), -1, 'not in a tag after its name');
    tokenizer.scan();
    assert.equal(tokenizer.scan(), TokenType.StartTagClose);
    assert.equal(tokenizer.scan(), TokenType.StartTagOpen);
    assert.equal(tokenizer.closeBareStartTag(), -1, 'whitespace before the ">"');
    assert.equal(tokenizer.scan(), TokenType.StartTagClose);
    assert.equal(tokenizer.scan(), TokenType.EOS);
  });

  it('end tags, complete and not', () => {
    assert.deepEqual(tokens('</a></ b></a x></a'), [
      'EndTag "</a>"', 'EndTag "</" !MissingEndTagName "</"', 'Text " b>"', 'EndTag "</a " !EndTagMissingGt "x"', 'Text "x>"',
      'EndTag "</a" !UnterminatedEndTag "a"', 'EOS ""',
    ]);
  });

  it('a "<" or "<!" that starts nothing is text', () => {
    assert.deepEqual(tokens('a < b<!x c<'), ['Text "a "', 'Text "< b" !InvalidTagStart "<"', 'Text "<!x c" !InvalidDeclarationStart "<!"', 'Text "<" !InvalidTagStart "<"', 'EOS ""']);
  });

  it('comments and CDATA sections', () => {
    assert.deepEqual(tokens('<!-- a --><!-- a--b --><!-- c ---><![CDATA[<x>]]>'), [
      'Comment "<!-- a -->"', 'Comment "<!-- a--b -->" !DoubleHyphenInComment "--"', 'Comment "<!-- c --->" !DoubleHyphenInComment "--"',
      'CData "<![CDATA[<x>]]>"', 'EOS ""',
    ]);
    assert.deepEqual(tokens('<!-- open'), ['Comment "<!-- open" !UnterminatedComment "<!--"', 'EOS ""']);
    assert.deepEqual(tokens('<![CDATA[ open'), ['CData "<![CDATA[ open" !UnterminatedCData "<![CDATA["', 'EOS ""']);
  });

  it('the XML declaration only at the start, after a byte-order mark', () => {
    assert.deepEqual(tokens('\uFEFF<?xml version="1.0"?><a/>'), ['XmlDeclaration "<?xml version=\\"1.0\\"?>"', 'StartTagOpen "<a"', 'StartTagSelfClose "/>"', 'EOS ""']);
    // One that lost its "?>" ends where the next markup starts.
    assert.deepEqual(tokens('<?xml version="1.0"? <a>'), ['XmlDeclaration "<?xml version=\\"1.0\\"? "', 'StartTagOpen "<a"', 'StartTagClose ">"', 'EOS ""']);
    assert.deepEqual(tokens(' <?xml version="1.0"?>'), ['Text " "', 'PI "<?xml version=\\"1.0\\"?>" !ReservedPITarget "<?xml"', 'EOS ""']);
    assert.deepEqual(tokens('<?xml version="1.0"?>', 0, TokenizerState.Content), ['PI "<?xml version=\\"1.0\\"?>" !ReservedPITarget "<?xml"', 'EOS ""']);
  });

  it('processing instructions', () => {
    assert.deepEqual(tokens('<?pi data?><?XmL x?><? x?><?pi"x"?><?pi'), [
      'PI "<?pi data?>"', 'PI "<?XmL x?>" !ReservedPITarget "<?XmL"', 'PI "<? x?>" !MissingPITarget "<?"',
      'PI "<?pi\\"x\\"?>" !PITargetNotSeparated "\\""', 'PI "<?pi" !UnterminatedPI "<?pi"', 'EOS ""',
    ]);
  });

  it('a DOCTYPE with an internal subset: comments, PIs, entity declarations and quoted strings skipped whole', () => {
    const doctype = `<!DOCTYPE urlset SYSTEM "a>[b" [ <!ENTITY e "a>b]"> <!-- ] > --> <?pi ]>?> ]>`;
    assert.deepEqual(tokens(`${doctype}<urlset/>`), [
      'DoctypeOpen "<!DOCTYPE"', 'DoctypeText " urlset SYSTEM \\"a>[b\\" "', 'SubsetOpen "["', 'SubsetText " "', 'EntityDeclaration "<!ENTITY"',
      'SubsetText " e \\"a>b]\\"> "', 'SubsetComment "<!-- ] > -->"', 'SubsetText " "', 'SubsetPI "<?pi ]>?>"', 'SubsetText " "',
      'SubsetClose "]"', 'DoctypeClose ">"', 'StartTagOpen "<urlset"', 'StartTagSelfClose "/>"', 'EOS ""',
    ]);
    assert.deepEqual(tokens('<!DOCTYPE a>'), ['DoctypeOpen "<!DOCTYPE"', 'DoctypeText " a"', 'DoctypeClose ">"', 'EOS ""']);
  });

  it('an unterminated DOCTYPE, wherever it stops', () => {
    assert.deepEqual(tokens('<!DOCTYPE'), ['DoctypeOpen "<!DOCTYPE"', 'EOS "" !UnterminatedDoctype "<!DOCTYPE"']);
    assert.deepEqual(tokens('<!DOCTYPE a "x>'), ['DoctypeOpen "<!DOCTYPE"', 'DoctypeText " a \\"x>" !UnterminatedDoctype "<!DOCTYPE"', 'EOS ""']);
    assert.deepEqual(tokens('<!DOCTYPE a [ <!-- x ]>'), [
      'DoctypeOpen "<!DOCTYPE"', 'DoctypeText " a "', 'SubsetOpen "["', 'SubsetText " "', 'SubsetComment "<!-- x ]>" !UnterminatedDoctype "<!DOCTYPE"', 'EOS ""',
    ]);
    assert.deepEqual(tokens('<!DOCTYPE a [ <urlset>'), ['DoctypeOpen "<!DOCTYPE"', 'DoctypeText " a "', 'SubsetOpen "["', 'SubsetText " <urlset>" !UnterminatedDoctype "<!DOCTYPE"', 'EOS ""']);
  });

  it('resumes from an offset and a state', () => {
    const text = '<url><loc>https://a.example/</loc></url> tail';
    assert.deepEqual(tokens(text, text.indexOf('https'), TokenizerState.Content), ['Text "https://a.example/"', 'EndTag "</loc>"', 'EndTag "</url>"', 'Text " tail"', 'EOS ""']);
    // Mid-text: the text token starts where the tokenizer resumed.
    assert.deepEqual(tokens(text, text.indexOf('a.example'), TokenizerState.Content).slice(0, 2), ['Text "a.example/"', 'EndTag "</loc>"']);
    const tag = '<urlset xmlns="u" xmlns:x="v">';
    assert.deepEqual(tokens(tag, tag.indexOf(' xmlns:x'), TokenizerState.WithinStartTag), ['AttributeName "xmlns:x"', 'AttributeValue "\\"v\\""', 'StartTagClose ">"', 'EOS ""']);
    assert.deepEqual(tokens(tag, tag.indexOf('="v"'), TokenizerState.AfterAttributeName), ['AttributeValue "\\"v\\""', 'StartTagClose ">"', 'EOS ""']);
    const doctype = '<!DOCTYPE a [ <!ENTITY e "x"> ]><a/>';
    assert.deepEqual(tokens(doctype, doctype.indexOf(' ]'), TokenizerState.WithinDoctypeSubset), ['SubsetText " "', 'SubsetClose "]"', 'DoctypeClose ">"', 'StartTagOpen "<a"', 'StartTagSelfClose "/>"', 'EOS ""']);
  });

  it('state and offset after each token are a place to resume from: the rest of the stream is the same', () => {
    const text = `\uFEFF<?xml version="1.0"?>\n<!DOCTYPE u [<!-- c --><?p ?>]><urlset a="1" b><url><!-- x --><loc>u &amp; <![CDATA[v]]></loc><?t d?></url>< </urlset>`;
    const whole = tokens(text);
    const tokenizer = new XmlTokenizer(text);
    for (let k = 1; k < whole.length; k++) {
      tokenizer.scan();
      // Errors about an enclosing construct point at where a resumed tokenizer started: compare the codes only.
      const codesOnly = (stream: string[]) => stream.map((t) => t.replace(/ !(\w+) .*$/, ' !$1'));
      assert.deepEqual(codesOnly(tokens(text, tokenizer.offset, tokenizer.scannerState)), codesOnly(whole.slice(k)), `after token ${k}`);
    }
  });
});
